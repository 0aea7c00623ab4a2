import type { Metadata } from 'next';
import { NotFoundPage } from '@/components/feedback/NotFoundPage';
import { SeriesView } from '@/components/detail/SeriesView';
import { getSeries } from '@/lib/catalog';
import { prerenderedSeriesIds } from '@/lib/catalog/prerender';
import { routes } from '@/lib/routes';
import { seriesJsonLd } from '@/lib/seo/jsonld';
import { notFoundMetadata, pageMetadata } from '@/lib/seo/metadata';

// The most popular series are built ahead; the others render on their first visit. Unknown ids answer 404.
export const dynamicParams = true;

type Props = { params: Promise<{ seriesId: string }> };

export async function generateStaticParams() {
  return (await prerenderedSeriesIds()).map((seriesId) => ({ seriesId }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const series = await getSeries((await params).seriesId);
  return series ? pageMetadata({ ...series, path: routes.series(series.id), ogPath: series.path, ogType: 'video.tv_show' }) : notFoundMetadata;
}

export default async function SeriesPage({ params }: Props) {
  const series = await getSeries((await params).seriesId);
  if (!series) return <NotFoundPage />;
  return <SeriesView series={series} jsonLd={seriesJsonLd(series)} />;
}
