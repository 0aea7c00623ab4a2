import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Hero } from '@/components/hero/Hero';
import { Await } from '@/components/loading/Await';
import { HeroSkeleton, SectionSkeleton } from '@/components/loading/Skeletons';
import { GridSection } from '@/components/sections/GridSection';
import { seriesCard, shortFilmCard } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { ContinueWatching } from '@/components/watching/ContinueWatching';
import { listDocumentaries, listSeries, listShortFilms, listTrailers } from '@/lib/catalog';
import { env } from '@/lib/env';
import { formatSol } from '@/lib/payments/display';
import { routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

// The root layout's "%s · Solenema" template does not reach a page in its own segment.
export const metadata: Metadata = pageMetadata({
  title: 'Trailers, documentaries, series and short films · Solenema',
  description: `Stream trailers, documentaries, series and short films. Free titles play at once; the rest unlock with ${formatSol(env.PRICE_LAMPORTS)} through Phantom.`,
  path: routes.home,
  coverimg: '/media/hero-poster.jpg',
});

export default function HomePage() {
  // Started together; each section streams in on its own.
  const trailers = listTrailers();
  const documentaries = listDocumentaries();
  const shortFilms = listShortFilms();
  const series = listSeries();

  return (
    <>
      <h1 className="visually-hidden">Solenema: trailers, documentaries, series and short films</h1>
      <Suspense fallback={<HeroSkeleton />}>
        <Hero trailers={trailers} />
      </Suspense>
      <ContinueWatching />
      <Suspense fallback={<SectionSkeleton layout="row" text="Loading trailers..." />}>
        <Await promise={trailers}>
          {(items) => <MovieRow id="trailers" title="Trailers" items={items} loop emptyText="No trailers yet." />}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="row" text="Loading documentaries..." />}>
        <Await promise={documentaries}>
          {(items) => <MovieRow id="documentaries" title="Documentaries" items={items} loop emptyText="No documentaries yet." />}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="grid" text="Loading..." />}>
        <Await promise={shortFilms}>
          {(items) => (
            <GridSection id="short-films" title="Popular Short Films" cards={items.map(shortFilmCard)} emptyText="No short films yet." />
          )}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="grid" text="Loading..." />}>
        <Await promise={series}>
          {(items) => <GridSection id="series" title="Popular Series" cards={items.map(seriesCard)} emptyText="No series yet." />}
        </Await>
      </Suspense>
    </>
  );
}
