import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { browsePage, type BrowseItems } from '@/lib/catalog/browse';
import { KINDS, type Kind } from '@/lib/catalog/kinds';
import { movieOffers, showOffers } from '@/lib/payments/checkout/title-offers';
import { listRoutes } from '@/lib/routes';
import { pageMetadata } from '@/lib/seo/metadata';
import { movieCard, seriesCard, shortFilmCard } from '@/components/sections/gridCards';
import { GridSection } from '@/components/sections/GridSection';
import { Pagination } from '@/components/browse/Pagination';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Each title's card, with its offers as the checkout charges them. */
const cardsOf = (items: BrowseItems) =>
  items.kind === 'series'
    ? items.page.items.map((series) => seriesCard(series, showOffers(series)))
    : items.kind === 'shortFilms'
      ? items.page.items.map((film) => shortFilmCard(film, showOffers(film)))
      : items.page.items.map((movie) => movieCard(movie, movieOffers(movie)));

/**
 * The browse page of one kind of title (/series, /short-films, /trailers, /documentaries): a grid of
 * one page of titles and plain links to the pages beside it, each page at its own canonical URL.
 */
export function browseRoute(kind: Kind) {
  const noun = KINDS[kind].label.toLowerCase();
  const title = `All ${noun}`;
  const description = `Every ${KINDS[kind].singular.toLowerCase()} on Solenema, most popular first.`;
  return {
    // A cursor that names no page is a 404, decided here: metadata is resolved before the page streams.
    async generateMetadata({ searchParams }: Props): Promise<Metadata> {
      const { after } = await searchParams;
      if (!(await browsePage(kind, after))) notFound();
      return pageMetadata({ title, description, path: listRoutes.browse(kind, typeof after === 'string' ? after : null), coverimg: null });
    },
    async Page({ searchParams }: Props) {
      const items = await browsePage(kind, (await searchParams).after);
      if (!items) notFound();
      return (
        <>
          <h1 className="visually-hidden">{title}</h1>
          <GridSection id={kind} title={title} cards={cardsOf(items)} emptyText={`No ${noun} yet.`} />
          <Pagination noun={noun} page={items.page} hrefOf={(after) => listRoutes.browse(kind, after)} />
        </>
      );
    },
  };
}
