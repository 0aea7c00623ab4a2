import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { SeasonView } from '@/components/detail/SeasonView';
import { getSeason } from '@/lib/catalog';
import { upNextAfter } from '@/lib/catalog/up-next';
import { listRoutes } from '@/lib/routes';
import { seasonJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

// The further episodes of a long season: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ seriesId: string; seasonId: string; after: string }> };

async function load(params: Props['params']) {
  const { seriesId, seasonId, after } = await params;
  const season = await getSeason(seriesId, seasonId, after);
  return season && season.episodes.items.length > 0 ? { season, path: listRoutes.seasonEpisodes(seriesId, seasonId, after) } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  if (!found) return notFoundMetadata;
  const { season, path } = found;
  return pageMetadata({ ...season, title: `${season.title} · ${season.series.title} · episodes`, path, ogPath: season.path, ogType: 'video.tv_show' });
}

export default async function SeasonEpisodesPage({ params }: Props) {
  const found = await load(params);
  if (!found) return <NotFoundPage />;
  return <SeasonView season={found.season} jsonLd={seasonJsonLd(found.season)} following={await upNextAfter(found.season)} />;
}
