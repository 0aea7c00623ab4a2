import { listMovies } from '@/lib/catalog';
import { KINDS } from '@/lib/catalog/kinds';
import type { MovieItem } from '@/lib/catalog/types';
import { describeFailure } from '@/lib/failure';
import { movieOffers } from '@/lib/payments/title-offers';
import { listRoutes } from '@/lib/routes';
import { GridSection } from '../sections/GridSection';
import { movieCard } from '../sections/gridCards';

/** A row at 1440 px, two at a phone's width: enough to go on from, little HTML. */
const RELATED = 6;

/**
 * Under a trailer's or documentary's page, so it never ends at its header: more of its kind, from the kind's first
 * list page (the one its browse page reads, cached: no read of its own once warm), the title itself left out. A
 * failed read shows nothing rather than failing the page.
 */
export async function RelatedTitles({ movie }: { movie: MovieItem }) {
  const page = await listMovies(movie.collection).catch((error: unknown) => {
    console.error(`[catalog] no related titles for ${movie.path}: ${describeFailure(error)}`);
    return null;
  });
  const related = (page?.items ?? []).filter((item) => item.id !== movie.id).slice(0, RELATED);
  if (related.length === 0) return null;
  const kind = KINDS[movie.collection];
  return (
    <GridSection
      id="related"
      title={`More ${kind.label.toLowerCase()}`}
      cards={related.map((item) => movieCard(item, movieOffers(item)))}
      emptyText=""
      seeAll={{ href: listRoutes.browse(movie.collection), label: `All ${kind.label.toLowerCase()}` }}
    />
  );
}
