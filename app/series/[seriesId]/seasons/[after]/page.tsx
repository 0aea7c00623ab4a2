import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { SeriesView } from '@/components/detail/SeriesView';
import { getSeries } from '@/lib/catalog';
import { listRoutes } from '@/lib/routes';
import { seriesJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

// The further seasons of a long series: rendered on first visit, then cached.
export const dynamicParams = true;
export const generateStaticParams = async () => [];

type Props = { params: Promise<{ seriesId: string; after: string }> };

async function load(params: Props['params']) {
  const { seriesId, after } = await params;
  const series = await getSeries(seriesId, after);
  return series && series.seasons.items.length > 0 ? { series, path: listRoutes.seasons(series.id, after) } : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await load(params);
  return found
    ? pageMetadata({ ...found.series, title: `${found.series.title} · seasons`, path: found.path, ogPath: found.series.path, ogType: 'video.tv_show' })
    : notFoundMetadata;
}

export default async function SeriesSeasonsPage({ params }: Props) {
  const found = await load(params);
  if (!found) return <NotFoundPage />;
  return <SeriesView series={found.series} jsonLd={seriesJsonLd(found.series)} />;
}
