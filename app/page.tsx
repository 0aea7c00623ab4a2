import type { Metadata } from 'next';
import { Hero } from '@/components/hero/Hero';
import { GridSection } from '@/components/sections/GridSection';
import { seriesCard, shortFilmCard } from '@/components/sections/gridCards';
import { MovieRow } from '@/components/sections/MovieRow';
import { ContinueWatching } from '@/components/watching/ContinueWatching';
import { listMovies, listSeries, listShortFilms, PAGE_SIZES } from '@/lib/catalog';
import { movieOffers, showOffers } from '@/lib/payments/checkout/title-offers';
import { listRoutes, routes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';

// The root layout's "%s · Solenema" template does not reach a page in its own segment.
export const metadata: Metadata = pageMetadata({
  title: 'Trailers, documentaries, series and short films · Solenema',
  description:
    'Stream trailers, documentaries, series and short films. ' +
    'Free titles play at once; each of the rest shows its price, in SOL or USDC, to buy or to rent, and unlocks through Phantom or any Solana wallet.',
  path: routes.home,
  coverimg: '/media/hero-poster.jpg',
});

const itemsOf = <T,>(page: { items: T[] } | null) => page?.items ?? [];

/**
 * Each section shows the most popular titles of its kind, a bounded number, and links to all of them.
 * The page is prerendered and its reads are cached, so it waits for all four lists and arrives whole:
 * no section is streamed in behind a placeholder, and the hero's poster paints with the first paint.
 */
export default async function HomePage() {
  const size = PAGE_SIZES.homeSection;
  const [trailers, documentaries, shortFilms, series] = await Promise.all([
    listMovies('trailers', undefined, size).then(itemsOf),
    listMovies('documentaries', undefined, size).then(itemsOf),
    listShortFilms(undefined, size).then(itemsOf),
    listSeries(undefined, size).then(itemsOf),
  ]);
  const movieRows = [
    { collection: 'trailers', title: 'Trailers', items: trailers },
    { collection: 'documentaries', title: 'Documentaries', items: documentaries },
  ] as const;
  const grids = [
    {
      id: 'short-films',
      kind: 'shortFilms',
      title: 'Popular Short Films',
      noun: 'short films',
      cards: shortFilms.map((film) => shortFilmCard(film, showOffers(film))),
    },
    { id: 'series', kind: 'series', title: 'Popular Series', noun: 'series', cards: series.map((show) => seriesCard(show, showOffers(show))) },
  ] as const;

  return (
    <>
      <h1 className="visually-hidden">Solenema: trailers, documentaries, series and short films</h1>
      <Hero trailers={trailers} />
      <ContinueWatching />
      {movieRows.map(({ collection, title, items }) => (
        <MovieRow
          key={collection}
          id={collection}
          title={title}
          items={items}
          offersOf={movieOffers}
          loop
          emptyText={`No ${title.toLowerCase()} yet.`}
          seeAll={{ href: listRoutes.browse(collection), label: `See all ${title.toLowerCase()}` }}
        />
      ))}
      {grids.map(({ id, kind, title, cards, noun }) => (
        <GridSection
          key={id}
          id={id}
          title={title}
          cards={cards}
          emptyText={`No ${noun} yet.`}
          seeAll={{ href: listRoutes.browse(kind), label: `See all ${noun}` }}
        />
      ))}
    </>
  );
}
