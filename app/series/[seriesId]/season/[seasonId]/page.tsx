import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { LockedDetailActions } from '@/components/payment/LockedActions';
import { countOf } from '@/components/sections/gridCards';
import { JsonLd } from '@/components/seo/JsonLd';
import { MovieRow } from '@/components/sections/MovieRow';
import { EpisodeQueue } from '@/components/player/EpisodeQueue';
import { getFirstEpisodeAfter, getSeason, getSeries, listSeries } from '@/lib/catalog';
import { routes } from '@/lib/routes';
import { seasonJsonLd } from '@/lib/seo/jsonld';
import { pageMetadata } from '@/lib/seo/metadata';
import { queued } from '@/lib/watching/queue';

export const dynamicParams = true;

type Props = { params: Promise<{ seriesId: string; seasonId: string }> };

export async function generateStaticParams() {
  const everySeries = await Promise.all((await listSeries()).map((series) => getSeries(series.id)));
  return everySeries.flatMap((series) => series?.seasons.map((season) => ({ seriesId: series.id, seasonId: season.id })) ?? []);
}

async function load(params: Props['params']) {
  const { seriesId, seasonId } = await params;
  return getSeason(seriesId, seasonId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const season = await load(params);
  if (!season) return {};
  const path = routes.season(season.seriesId, season.id);
  return pageMetadata({ ...season, title: `${season.title} · ${season.series.title}`, path, ogPath: season.path, ogType: 'video.tv_show' });
}

export default async function SeasonPage({ params }: Props) {
  const season = await load(params);
  if (!season) notFound();
  const { series } = season;
  // After the season's last episode, "Up next" is the next season's first.
  const following = await getFirstEpisodeAfter(series.id, season.seasonNumber);
  const queue = [...season.episodes, ...(following ? [following] : [])].map(queued);
  return (
    <>
      <JsonLd data={seasonJsonLd(season)} />
      <DetailHeader
        back={{ href: routes.series(series.id), label: `Back to ${series.title}` }}
        eyebrow={series.title}
        title={season.title}
        description={season.description}
        coverimg={season.coverimg ?? series.coverimg}
        meta={`Season ${season.seasonNumber} · ${countOf(season.episodes.length, 'episode')}`}
        locked={series.locked}
        actions={series.locked && <LockedDetailActions purchasePath={series.path} title={series.title} />}
      />
      <EpisodeQueue queue={queue}>
        <MovieRow id="episodes" title="Episodes" items={season.episodes} loop={false} emptyText="No episodes available for this season." />
      </EpisodeQueue>
    </>
  );
}
