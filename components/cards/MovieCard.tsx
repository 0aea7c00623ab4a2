import { IntentLink } from '@/components/ui/IntentLink';
import type { Episode, MovieItem } from '@/lib/catalog/types';
import { routes } from '@/lib/routes';
import { FreePlayButton } from '../player/FreePlayButton';
import { LockedMovieActions } from '../payment/LockedActions';
import { CoverImage } from './CoverImage';
import { LockBadge } from './LockBadge';
import { CARD_COVER_SIZES } from './sizes';
import styles from './cards.module.css';

/**
 * A playable title: trailers and documentaries show their type and link their own page (for
 * crawlers and sharing); episodes show their number. Play stays one click away on the card.
 */
export function MovieCard({ item }: { item: MovieItem | Episode }) {
  const label = 'type' in item ? item.type : `Episode ${item.episodeNumber}`;
  return (
    <article className={styles.card} data-locked={item.locked}>
      <div className={styles.media}>
        <CoverImage src={item.coverimg} alt="" sizes={CARD_COVER_SIZES} className={styles.cover} />
        <span className={styles.chip}>{label}</span>
        {item.locked && <LockBadge />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          {'collection' in item ? (
            <IntentLink href={routes.watch(item.collection, item.id)} className={styles.titleLink}>
              {item.title}
            </IntentLink>
          ) : (
            item.title
          )}
        </h3>
        <div className={styles.actions}>
          {item.locked ? (
            <LockedMovieActions purchasePath={item.purchasePath} videoPath={item.path} title={item.title} cover={item.coverimg} />
          ) : (
            <FreePlayButton
              src={item.videourl}
              title={item.title}
              watch={{ path: item.path, title: item.title, cover: item.coverimg }}
              subtitles={item.subtitles}
            />
          )}
        </div>
      </div>
    </article>
  );
}
