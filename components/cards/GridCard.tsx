import { IntentLink } from '@/components/ui/IntentLink';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { LockedGridActions } from '../payment/LockedActions';
import { CardPrice } from './CardPrice';
import { CoverImage } from './CoverImage';
import { LockBadge } from './LockBadge';
import { CARD_COVER_SIZES } from './sizes';
import button from '../ui/button.module.css';
import styles from './cards.module.css';

export type GridCardProps = {
  title: string;
  coverimg: string | null;
  href: string;
  /** e.g. "3 seasons · 12 episodes" */
  meta?: string;
  /** Set for a locked title: the card does not open and offers the purchase instead, in the ways the server sells it. */
  locked?: { purchasePath: string; offers: ShownOffer[] };
};

/** A series, short film or season: the whole card opens its page, unless it is locked. */
export function GridCard({ title, coverimg, href, meta, locked }: GridCardProps) {
  return (
    <article className={styles.card} data-locked={locked !== undefined}>
      <div className={styles.media}>
        <CoverImage src={coverimg} alt="" sizes={CARD_COVER_SIZES} className={styles.cover} />
        {locked && <LockBadge />}
      </div>
      <div className={styles.body}>
        {/* A locked card does not open, but its title still links to its page: every title is reachable by links. */}
        <h3 className={styles.title}>
          {locked ? (
            <a href={href} className={styles.titleLink}>
              {title}
            </a>
          ) : (
            title
          )}
        </h3>
        {meta && <p className={styles.meta}>{meta}</p>}
        {locked && <CardPrice offers={locked.offers} />}
        <div className={styles.actions}>
          {locked ? (
            <LockedGridActions purchasePath={locked.purchasePath} offers={locked.offers} href={href} title={title} />
          ) : (
            <IntentLink href={href} className={`${button.button} ${button.primary} ${button.small} ${styles.stretchedLink}`}>
              Watch Now<span className="visually-hidden">: {title}</span>
            </IntentLink>
          )}
        </div>
      </div>
    </article>
  );
}
