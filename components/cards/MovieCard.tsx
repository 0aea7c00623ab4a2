import { IntentLink } from '@/components/ui/IntentLink';
import type { Episode, MovieItem } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { routes } from '@/lib/routes';
import { FreePlayButton } from '../player/FreePlayButton';
import { LockedMovieControls } from '../payment/LockedMovieControls';
import { CardPrice } from './CardPrice';
import { CoverImage } from './CoverImage';
import { LockBadge } from './LockBadge';
import { CARD_COVER_SIZES } from './sizes';
import styles from './cards.module.css';

/**
 * A playable title: trailers and documentaries show their type and link their own page (for
 * crawlers and sharing); episodes show their number. Play stays one click away on the card; a
 * locked one shows its price and the ways to pay for it (`offers`, the server's).
 */
export function MovieCard({ item, offers }: { item: MovieItem | Episode; offers: ShownOffer[] }) {
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
        {item.locked && <CardPrice offers={offers} />}
        <div className={styles.actions} data-with-preview={(item.locked && item.preview) || undefined}>
          {item.locked ? (
            <LockedMovieControls movie={item} offers={offers} />
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
