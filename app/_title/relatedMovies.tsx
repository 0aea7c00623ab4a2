import { RelatedTitles } from '@/components/detail/RelatedTitles';
import { movieCard } from '@/components/sections/gridCards';
import { listMovies } from '@/lib/catalog';
import type { MovieItem } from '@/lib/catalog/types';
import { describeFailure } from '@/lib/failure';
import { movieOffers } from '@/lib/payments/title-offers';

/** A row at 1440 px, two at a phone's width: enough to go on from, little HTML. */
const RELATED = 6;

/**
 * More of a movie's kind: the kind's first list page (the one its browse page reads, cached: no read of its own once
 * warm), the title itself left out. A failed read shows nothing rather than failing the page.
 */
export async function RelatedMovies({ movie }: { movie: MovieItem }) {
  const page = await listMovies(movie.collection).catch((error: unknown) => {
    console.error(`[catalog] no related titles for ${movie.path}: ${describeFailure(error)}`);
    return null;
  });
  const related = (page?.items ?? []).filter((item) => item.id !== movie.id).slice(0, RELATED);
  return <RelatedTitles kind={movie.collection} cards={related.map((item) => movieCard(item, movieOffers(item)))} />;
}
