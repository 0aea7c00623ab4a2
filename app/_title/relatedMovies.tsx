import { RelatedTitles } from '@/components/detail/RelatedTitles';
import { listMovies, PAGE_SIZES } from '@/lib/catalog';
import { relatedTo } from '@/lib/catalog/related';
import type { MovieItem } from '@/lib/catalog/types';
import { describeFailure } from '@/lib/failure';

/** A row at 1440 px (one column of them at a phone's width): enough to go on from, little HTML. */
const RELATED = 6;

/**
 * More of a movie's kind, those sharing its words first: picked from the kind's row on the home page (the very read `/`
 * makes, cached: no read of its own once `/` is warm, and a row's worth when cold, however large the catalog). A
 * failed read shows nothing rather than failing the page.
 */
export async function RelatedMovies({ movie }: { movie: MovieItem }) {
  const page = await listMovies(movie.collection, undefined, PAGE_SIZES.homeSection).catch((error: unknown) => {
    console.error(`[catalog] no related titles for ${movie.path}: ${describeFailure(error)}`);
    return null;
  });
  return <RelatedTitles movie={movie} related={relatedTo(movie, page?.items ?? [], RELATED)} />;
}
