'use client';

import { IntentLink } from '@/components/ui/IntentLink';
import { pageOfDocument } from '@/lib/routes';
import { forgetProgress, formatTime, type Progress } from '@/lib/watching/progress';
import { CoverImage } from '../cards/CoverImage';
import { CARD_COVER_SIZES } from '../cards/sizes';
import cards from '../cards/cards.module.css';
import { usePurchases } from '../payment/PurchasesContext';
import { FreePlayButton } from '../player/FreePlayButton';
import { CloseIcon } from '../ui/icons';
import styles from './ContinueWatching.module.css';

/**
 * A video this browser stopped in: how far it got, a link to its page, and Resume when it can play
 * here (a free video, or a paid one this browser owns); the player then offers to resume.
 */
export function ContinueWatchingCard({ entry }: { entry: Progress }) {
  const purchases = usePurchases();
  // A paid video plays here once owned; its link is asked for when the player opens.
  const src = entry.src ?? (purchases.owns(entry.path) ? (purchases.videoFor(entry.path) ?? '') : undefined);
  const watched = entry.duration > 0 ? Math.min(100, Math.round((entry.position / entry.duration) * 100)) : 0;
  const left = entry.duration > 0 ? `${formatTime(entry.duration - entry.position)} left` : `Stopped at ${formatTime(entry.position)}`;
  return (
    <article className={cards.card}>
      <div className={cards.media}>
        <CoverImage src={entry.cover} alt="" sizes={CARD_COVER_SIZES} className={cards.cover} />
        <span className={cards.chip}>{left}</span>
        <button type="button" className={styles.remove} onClick={() => forgetProgress(entry.path)}>
          <CloseIcon />
          <span className="visually-hidden">Remove {entry.title} from Continue watching</span>
        </button>
        <div
          className={styles.progress}
          role="progressbar"
          aria-label={`${entry.title}: watched`}
          aria-valuenow={watched}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <span style={{ width: `${watched}%` }} />
        </div>
      </div>
      <div className={cards.body}>
        <h3 className={cards.title}>
          <IntentLink href={pageOfDocument(entry.path)} className={cards.titleLink}>
            {entry.title}
          </IntentLink>
        </h3>
        <div className={cards.actions}>
          {src !== undefined && (
            <FreePlayButton
              src={src}
              title={entry.title}
              label="Resume"
              videoPath={entry.src ? undefined : entry.path}
              watch={{ path: entry.path, title: entry.title, cover: entry.cover }}
              subtitles={entry.subtitles}
            />
          )}
        </div>
      </div>
    </article>
  );
}
