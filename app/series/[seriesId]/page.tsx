import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { GridSection } from '@/components/sections/GridSection';
import { countOf, seasonCard } from '@/components/sections/gridCards';
import { LockedDetailActions } from '@/components/payment/LockedActions';
import { JsonLd } from '@/components/seo/JsonLd';
import { getSeries, listSeries } from '@/lib/catalog';
import { routes } from '@/lib/routes';
import { seriesJsonLd } from '@/lib/seo/jsonld';
import { pageMetadata } from '@/lib/seo/metadata';

// Titles added to Firestore after the build still render; unknown ids answer 404.
export const dynamicParams = true;

type Props = { params: Promise<{ seriesId: string }> };

export async function generateStaticParams() {
  return (await listSeries()).map((series) => ({ seriesId: series.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const series = await getSeries((await params).seriesId);
  return series ? pageMetadata({ ...series, path: routes.series(series.id), ogPath: series.path, ogType: 'video.tv_show' }) : {};
}

export default async function SeriesPage({ params }: Props) {
  const series = await getSeries((await params).seriesId);
  if (!series) notFound();
  return (
    <>
      <JsonLd data={seriesJsonLd(series)} />
      <DetailHeader
        back={{ href: routes.home, label: 'Back to Home' }}
        eyebrow="Series"
        title={series.title}
        description={series.description}
        coverimg={series.coverimg}
        meta={`${countOf(series.totalSeasons, 'season')} · ${countOf(series.episodeCount, 'episode')}`}
        locked={series.locked}
        actions={series.locked && <LockedDetailActions purchasePath={series.path} title={series.title} />}
      />
      <GridSection id="seasons" title="Seasons" cards={series.seasons.map(seasonCard)} emptyText="No seasons available yet." />
    </>
  );
}
