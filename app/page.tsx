import type { Metadata } from 'next';
import { Suspense } from 'react';
import { Hero } from '@/components/hero/Hero';
import { Await } from '@/components/loading/Await';
import { HeroSkeleton, SectionSkeleton } from '@/components/loading/Skeletons';
import { GridSection } from '@/components/sections/GridSection';
import { seriesCard, shortFilmCard } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { ContinueWatching } from '@/components/watching/ContinueWatching';
import { listMovies, listSeries, listShortFilms, PAGE_SIZES } from '@/lib/catalog';
import { env } from '@/lib/env/server';
import { formatSol } from '@/lib/payments/display';
import { listRoutes, routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

// The root layout's "%s · Solenema" template does not reach a page in its own segment.
export const metadata: Metadata = pageMetadata({
  title: 'Trailers, documentaries, series and short films · Solenema',
  description:
    'Stream trailers, documentaries, series and short films. ' +
    `Free titles play at once; the rest unlock with ${formatSol(env.PRICE_LAMPORTS)} through Phantom.`,
  path: routes.home,
  coverimg: '/media/hero-poster.jpg',
});

const itemsOf = <T,>(page: { items: T[] } | null) => page?.items ?? [];

/** Each section shows the most popular titles of its kind, a bounded number, and links to all of them. */
export default function HomePage() {
  // Started together; each section streams in on its own.
  const size = PAGE_SIZES.homeSection;
  const trailers = listMovies('trailers', undefined, size).then(itemsOf);
  const documentaries = listMovies('documentaries', undefined, size).then(itemsOf);
  const shortFilms = listShortFilms(undefined, size).then(itemsOf);
  const series = listSeries(undefined, size).then(itemsOf);

  return (
    <>
      <h1 className="visually-hidden">Solenema: trailers, documentaries, series and short films</h1>
      <Suspense fallback={<HeroSkeleton />}>
        <Hero trailers={trailers} />
      </Suspense>
      <ContinueWatching />
      <Suspense fallback={<SectionSkeleton layout="row" text="Loading trailers..." />}>
        <Await promise={trailers}>
          {(items) => (
            <MovieRow
              id="trailers"
              title="Trailers"
              items={items}
              loop
              emptyText="No trailers yet."
              seeAll={{ href: listRoutes.browse('trailers'), label: 'See all trailers' }}
            />
          )}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="row" text="Loading documentaries..." />}>
        <Await promise={documentaries}>
          {(items) => (
            <MovieRow
              id="documentaries"
              title="Documentaries"
              items={items}
              loop
              emptyText="No documentaries yet."
              seeAll={{ href: listRoutes.browse('documentaries'), label: 'See all documentaries' }}
            />
          )}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="grid" text="Loading..." />}>
        <Await promise={shortFilms}>
          {(items) => (
            <GridSection
              id="short-films"
              title="Popular Short Films"
              cards={items.map(shortFilmCard)}
              emptyText="No short films yet."
              seeAll={{ href: listRoutes.browse('shortFilms'), label: 'See all short films' }}
            />
          )}
        </Await>
      </Suspense>
      <Suspense fallback={<SectionSkeleton layout="grid" text="Loading..." />}>
        <Await promise={series}>
          {(items) => (
            <GridSection
              id="series"
              title="Popular Series"
              cards={items.map(seriesCard)}
              emptyText="No series yet."
              seeAll={{ href: listRoutes.browse('series'), label: 'See all series' }}
            />
          )}
        </Await>
      </Suspense>
    </>
  );
}
