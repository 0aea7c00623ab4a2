import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { DetailHeader } from '@/components/detail/DetailHeader';
import { GridSection } from '@/components/sections/GridSection';
import { countOf, seasonCard } from '@/components/sections/gridCards';
import { getSeries, listSeries } from '@/lib/catalog';

export const revalidate = 300;
// Titles added to Firestore after the build still render; unknown ids answer 404.
export const dynamicParams = true;

type Props = { params: Promise<{ seriesId: string }> };

export async function generateStaticParams() {
  return (await listSeries()).map((series) => ({ seriesId: series.id }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const series = await getSeries((await params).seriesId);
  return series ? { title: series.title, description: series.description || undefined } : {};
}

export default async function SeriesPage({ params }: Props) {
  const series = await getSeries((await params).seriesId);
  if (!series) notFound();
  return (
    <>
      <DetailHeader
        back={{ href: '/', label: 'Back to Home' }}
        eyebrow="Series"
        title={series.title}
        description={series.description}
        coverimg={series.coverimg}
        meta={`${countOf(series.totalSeasons, 'season')} · ${countOf(series.episodeCount, 'episode')}`}
        purchasePath={series.locked ? series.path : undefined}
      />
      <GridSection id="seasons" title="Seasons" cards={series.seasons.map(seasonCard)} emptyText="No seasons available yet." />
    </>
  );
}
