'use client';

import { useCallback, useRef, useState } from 'react';
import type { Subtitle } from '@/lib/catalog/types';
import { forgetProgress, progressOf, saveProgress, worthResuming, type WatchInfo } from '@/lib/watching/progress';

/** At most one write every 2 s while playing; pausing, leaving and the end are written at once. */
const WRITE_EVERY_MS = 2_000;

/**
 * Remembers where this browser stopped in a video and offers to resume there next time it is opened.
 * `resumeAt` is set while the player should ask "Resume from …" / "Start over". `freeSrc` is a free video's
 * URL, remembered to play it again; null for a paid one, whose link is personal and short-lived.
 */
export function useWatchProgress(watch: WatchInfo | undefined, freeSrc: string | null, subtitles: Subtitle[]) {
  const [resumeAt, setResumeAt] = useState(() => {
    const saved = watch && progressOf(watch.path);
    return saved && worthResuming(saved) ? saved.position : null;
  });
  const lastWrite = useRef(0);

  const record = useCallback(
    (media: HTMLVideoElement, now = false) => {
      if (!watch || media.readyState === 0 || (!now && Date.now() - lastWrite.current < WRITE_EVERY_MS)) return;
      lastWrite.current = Date.now();
      const entry = { ...watch, position: media.currentTime, duration: Number.isFinite(media.duration) ? media.duration : 0 };
      const free = freeSrc ? { src: freeSrc, ...(subtitles.length > 0 ? { subtitles } : {}) } : {};
      if (worthResuming(entry)) saveProgress({ ...entry, updatedAt: Date.now(), ...free });
    },
    [watch, freeSrc, subtitles],
  );

  const finished = useCallback(() => {
    if (watch) forgetProgress(watch.path);
  }, [watch]);

  return { resumeAt, answered: () => setResumeAt(null), record, finished };
}
