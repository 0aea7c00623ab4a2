import { KINDS, type MovieKind } from '@/lib/catalog/kinds';
import { listRoutes } from '@/lib/routes';
import { GridSection } from '../sections/GridSection';
import type { GridCardProps } from '../cards/GridCard';

/**
 * Under a trailer's or documentary's page, so it never ends at its header: more of its kind (the route reads them), with
 * a link to all of them. Nothing when there are none.
 */
export function RelatedTitles({ kind, cards }: { kind: MovieKind; cards: (GridCardProps & { key: string })[] }) {
  if (cards.length === 0) return null;
  const { label } = KINDS[kind];
  return (
    <GridSection
      id="related"
      title={`More ${label.toLowerCase()}`}
      cards={cards}
      emptyText=""
      seeAll={{ href: listRoutes.browse(kind), label: `All ${label.toLowerCase()}` }}
    />
  );
}
