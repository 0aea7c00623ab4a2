import type { ReactNode } from 'react';
import { IntentLink } from '../ui/IntentLink';
import { CoverImage } from './CoverImage';
import { OwnedLockBadge, OwnedLockText } from './OwnedLock';
import { CARD_COVER_SIZES } from './sizes';
import styles from './cards.module.css';

export type LinkCardProps = {
  title: string;
  coverimg: string | null;
  href: string;
  /** The chip on the cover and what a screen reader hears after the title: "Trailer", "Season"… */
  kind: string;
  /** The kind as data-kind, for styles and tests that pick cards by kind. */
  kindKey?: string;
  /** A locked title's purchase path: the lock shows until this browser owns it. */
  lockedPath?: string;
  /** A line under the title, e.g. the series an episode belongs to. */
  context?: ReactNode;
  children?: ReactNode;
};

/**
 * A way to a title's page, in the look of the site's cards: the whole card opens the page, where the title plays or is
 * bought. No Play or pay button: search results and related titles are ways on, not a second place to check out, and
 * a page's own buttons stay the only ones that act on it.
 */
export function LinkCard({ title, coverimg, href, kind, kindKey, lockedPath, context, children }: LinkCardProps) {
  return (
    <article className={styles.card} data-locked={lockedPath !== undefined} data-kind={kindKey}>
      <div className={styles.media}>
        <CoverImage src={coverimg} alt="" sizes={CARD_COVER_SIZES} className={styles.cover} />
        <span className={styles.chip}>{kind}</span>
        {lockedPath && <OwnedLockBadge path={lockedPath} />}
      </div>
      <div className={styles.body}>
        <h3 className={styles.title}>
          <IntentLink href={href} className={`${styles.titleLink} ${styles.stretchedLink}`}>
            {title}
            <span className="visually-hidden">
              {' '}
              ({kind}
              {lockedPath && <OwnedLockText path={lockedPath} />})
            </span>
          </IntentLink>
        </h3>
        {context && <p className={styles.meta}>{context}</p>}
        {children}
      </div>
    </article>
  );
}
