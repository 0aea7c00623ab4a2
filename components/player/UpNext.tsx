'use client';

import { useEffect, useState } from 'react';
import type { QueuedEpisode } from '@/lib/watching/queue';
import { usePlaybackLinks } from './PlaybackLinksContext';
import button from '../ui/button.module.css';
import styles from './VideoPlayer.module.css';

const COUNTDOWN_SECONDS = 5;

type Props = {
  episode: QueuedEpisode;
  /** Plays the next episode from `src` (its public URL, this browser's link to a bought one, or '' to ask for that link). */
  onPlay: (src: string) => void;
  /** A locked next episode: close the player and ask to unlock it. */
  onBuy: () => void;
};

/** Over the last frame when an episode ends: the next one starts after a countdown the viewer can cancel. */
export function UpNext({ episode, onPlay, onBuy }: Props) {
  const links = usePlaybackLinks();
  const src = episode.src ?? (links?.owns(episode.path) ? (links.videoFor(episode.path) ?? '') : undefined);
  const [left, setLeft] = useState<number | null>(src !== undefined ? COUNTDOWN_SECONDS : null);

  useEffect(() => {
    if (left === null || src === undefined) return;
    if (left === 0) return onPlay(src);
    const tick = window.setTimeout(() => setLeft(left - 1), 1000);
    return () => window.clearTimeout(tick);
  }, [left, src, onPlay]);

  return (
    <div className={styles.overlay} role="group" aria-label="Up next">
      <p className={styles.upNext}>
        Up next <strong>{episode.title}</strong>
      </p>
      {src !== undefined ? (
        <>
          <p role="status">{left === null ? 'Autoplay cancelled.' : `Playing in ${left} s`}</p>
          <div className={styles.choices}>
            <button type="button" className={`${button.button} ${button.primary}`} onClick={() => onPlay(src)}>
              Play now
            </button>
            {left !== null && (
              <button type="button" className={`${button.button} ${button.ghost}`} onClick={() => setLeft(null)}>
                Cancel
              </button>
            )}
          </div>
        </>
      ) : (
        <button type="button" className={`${button.button} ${button.solana}`} onClick={onBuy}>
          Pay with Solana<span className="visually-hidden">: unlock {episode.title}</span>
        </button>
      )}
    </div>
  );
}
