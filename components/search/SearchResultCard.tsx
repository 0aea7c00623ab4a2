import { pageOfDocument } from '@/lib/routes';
import type { SearchDocument, SearchKind } from '@/lib/search/documents';
import { LinkCard } from '../cards/LinkCard';
import styles from './search.module.css';

const KIND_LABELS: Record<SearchKind, string> = {
  trailer: 'Trailer',
  documentary: 'Documentary',
  series: 'Series',
  season: 'Season',
  shortFilm: 'Short film',
  episode: 'Episode',
};

/** One result: a way to the title's page (LinkCard), with where it sits and its description. */
export function SearchResultCard({ hit }: { hit: SearchDocument }) {
  return (
    <LinkCard
      title={hit.title}
      coverimg={hit.coverimg}
      href={pageOfDocument(hit.path)}
      kind={KIND_LABELS[hit.kind]}
      kindKey={hit.kind}
      lockedPath={hit.locked ? hit.path : undefined}
      context={hit.context}
    >
      {hit.description && <p className={styles.description}>{hit.description}</p>}
    </LinkCard>
  );
}
