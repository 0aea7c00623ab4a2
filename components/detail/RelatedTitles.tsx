import { KINDS } from '@/lib/catalog/kinds';
import type { MovieItem } from '@/lib/catalog/types';
import { listRoutes, routes } from '@/lib/routes';
import { LinkCard } from '../cards/LinkCard';
import { CardGrid } from '../grid/CardGrid';
import { Section } from '../layout/Section';

/**
 * Under a trailer's or documentary's page, so it never ends at its header: more of its kind (the route picks them),
 * each a way to its own page with no button of its own, and a link to all of them. Nothing when there are none.
 */
export function RelatedTitles({ movie, related }: { movie: MovieItem; related: MovieItem[] }) {
  if (related.length === 0) return null;
  const { label } = KINDS[movie.collection];
  return (
    <Section id="related" title={`More ${label.toLowerCase()}`} seeAll={{ href: listRoutes.browse(movie.collection), label: `All ${label.toLowerCase()}` }}>
      <CardGrid>
        {related.map((item) => (
          <LinkCard
            key={item.id}
            title={item.title}
            coverimg={item.coverimg}
            href={routes.watch(item.collection, item.id)}
            kind={item.type || KINDS[item.collection].singular}
            lockedPath={item.locked ? item.purchasePath : undefined}
          />
        ))}
      </CardGrid>
    </Section>
  );
}
