import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { SeasonView } from '@/components/detail/SeasonView';
import { getSeason } from '@/lib/catalog';
import { prerenderedSeasons } from '@/lib/catalog/prerender';
import { upNextAfter } from '@/lib/catalog/up-next';
import { routes } from '@/lib/routes';
import { seasonJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

export const dynamicParams = true;

type Props = { params: Promise<{ seriesId: string; seasonId: string }> };

export const generateStaticParams = prerenderedSeasons;

async function load(params: Props['params']) {
  const { seriesId, seasonId } = await params;
  return getSeason(seriesId, seasonId);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const season = await load(params);
  if (!season) return notFoundMetadata;
  const path = routes.season(season.seriesId, season.id);
  return pageMetadata({ ...season, title: `${season.title} · ${season.series.title}`, path, ogPath: season.path, ogType: 'video.tv_show' });
}

export default async function SeasonPage({ params }: Props) {
  const season = await load(params);
  if (!season) return <NotFoundPage />;
  return <SeasonView season={season} jsonLd={seasonJsonLd(season)} following={await upNextAfter(season)} />;
}
