import { RelatedTitles } from '@/components/detail/RelatedTitles';
import { listMovies } from '@/lib/catalog';
import { relatedTo } from '@/lib/catalog/related';
import type { MovieItem } from '@/lib/catalog/types';
import { describeFailure } from '@/lib/failure';

/** A row at 1440 px, two at a phone's width: enough to go on from, little HTML. */
const RELATED = 6;

/**
 * More of a movie's kind, those sharing its words first: picked from the kind's first list page (the one its browse
 * page reads, cached: no read of its own once warm, however large the catalog). A failed read shows nothing rather
 * than failing the page.
 */
export async function RelatedMovies({ movie }: { movie: MovieItem }) {
  const page = await listMovies(movie.collection).catch((error: unknown) => {
    console.error(`[catalog] no related titles for ${movie.path}: ${describeFailure(error)}`);
    return null;
  });
  return <RelatedTitles movie={movie} related={relatedTo(movie, page?.items ?? [], RELATED)} />;
}
