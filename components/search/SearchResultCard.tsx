import { pageOfDocument } from '@/lib/routes';
import type { SearchDocument, SearchKind } from '@/lib/search/documents';
import { CoverImage } from '../cards/CoverImage';
import { CARD_COVER_SIZES } from '../cards/sizes';
import { IntentLink } from '../ui/IntentLink';
import cards from '../cards/cards.module.css';
import styles from './search.module.css';
import { SearchLockBadge, SearchLockText } from './SearchLockState';

const KIND_LABELS: Record<SearchKind, string> = {
  trailer: 'Trailer',
  documentary: 'Documentary',
  series: 'Series',
  season: 'Season',
  shortFilm: 'Short film',
  episode: 'Episode',
};

/**
 * One result, in the look of the site's cards: the whole card opens the title's page, where it plays
 * or is bought. No pay button here: a result is a way to a page, not a second place to check out.
 */
export function SearchResultCard({ hit }: { hit: SearchDocument }) {
  const kind = KIND_LABELS[hit.kind];
  return (
    <article className={cards.card} data-locked={hit.locked} data-kind={hit.kind}>
      <div className={cards.media}>
        <CoverImage src={hit.coverimg} alt="" sizes={CARD_COVER_SIZES} className={cards.cover} />
        <span className={cards.chip}>{kind}</span>
        {hit.locked && <SearchLockBadge path={hit.path} />}
      </div>
      <div className={cards.body}>
        <h3 className={cards.title}>
          <IntentLink href={pageOfDocument(hit.path)} className={`${cards.titleLink} ${cards.stretchedLink}`}>
            {hit.title}
            <span className="visually-hidden">
              {' '}
              ({kind}
              {hit.locked && <SearchLockText path={hit.path} />})
            </span>
          </IntentLink>
        </h3>
        {hit.context && <p className={cards.meta}>{hit.context}</p>}
        {hit.description && <p className={styles.description}>{hit.description}</p>}
      </div>
    </article>
  );
}
