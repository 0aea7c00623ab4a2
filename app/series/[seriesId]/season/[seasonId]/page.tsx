import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { countOf, seriesHref } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { getSeason, getSeries, listSeries } from '@/lib/catalog';

export const revalidate = 300;
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
  return season ? { title: `${season.title} · ${season.series.title}`, description: season.description || undefined } : {};
}

export default async function SeasonPage({ params }: Props) {
  const season = await load(params);
  if (!season) notFound();
  const { series } = season;
  return (
    <>
      <DetailHeader
        back={{ href: seriesHref(series.id), label: `Back to ${series.title}` }}
        eyebrow={series.title}
        title={season.title}
        description={season.description}
        coverimg={season.coverimg ?? series.coverimg}
        meta={`Season ${season.seasonNumber} · ${countOf(season.episodes.length, 'episode')}`}
        purchasePath={series.locked ? series.path : undefined}
      />
      <MovieRow
        id="episodes"
        title="Episodes"
        items={season.episodes}
        loop={false}
        emptyText="No episodes available for this season."
      />
    </>
  );
}
