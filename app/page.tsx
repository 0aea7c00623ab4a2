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
  const movieRows = [
    { collection: 'trailers', title: 'Trailers', items: trailers },
    { collection: 'documentaries', title: 'Documentaries', items: documentaries },
  ] as const;
  const grids = [
    { id: 'short-films', kind: 'shortFilms', title: 'Popular Short Films', noun: 'short films', cards: shortFilms.then((items) => items.map(shortFilmCard)) },
    { id: 'series', kind: 'series', title: 'Popular Series', noun: 'series', cards: series.then((items) => items.map(seriesCard)) },
  ] as const;

  return (
    <>
      <h1 className="visually-hidden">Solenema: trailers, documentaries, series and short films</h1>
      <Suspense fallback={<HeroSkeleton />}>
        <Hero trailers={trailers} />
      </Suspense>
      <ContinueWatching />
      {movieRows.map(({ collection, title, items }) => (
        <Suspense key={collection} fallback={<SectionSkeleton layout="row" text={`Loading ${title.toLowerCase()}...`} />}>
          <Await promise={items}>
            {(found) => (
              <MovieRow
                id={collection}
                title={title}
                items={found}
                loop
                emptyText={`No ${title.toLowerCase()} yet.`}
                seeAll={{ href: listRoutes.browse(collection), label: `See all ${title.toLowerCase()}` }}
              />
            )}
          </Await>
        </Suspense>
      ))}
      {grids.map(({ id, kind, title, cards, noun }) => (
        <Suspense key={id} fallback={<SectionSkeleton layout="grid" text="Loading..." />}>
          <Await promise={cards}>
            {(found) => (
              <GridSection
                id={id}
                title={title}
                cards={found}
                emptyText={`No ${noun} yet.`}
                seeAll={{ href: listRoutes.browse(kind), label: `See all ${noun}` }}
              />
            )}
          </Await>
        </Suspense>
      ))}
    </>
  );
}
