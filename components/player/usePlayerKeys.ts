'use client';

import { useEffect, type RefObject } from 'react';

const SEEK_SECONDS = 5;

/** Keys a field or a control needs for itself: the player leaves them alone there. */
function belongsToControl(event: KeyboardEvent) {
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return true;
  return event.key === ' ' && /^(BUTTON|A)$/.test(target.tagName);
}

/**
 * The keys of the streaming sites people know: Space or K play/pause, F fullscreen, M mute,
 * ←/→ seek 5 s. Esc stays the dialog's (it closes the player). Listening on the document is fine:
 * the player only lives in a modal dialog.
 */
export function usePlayerKeys(media: RefObject<HTMLVideoElement | null>, frame: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const video = media.current;
      if (!video || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || belongsToControl(event)) return;
      const key = event.key.toLowerCase();
      if (key === ' ' || key === 'k') void (video.paused ? video.play() : video.pause());
      else if (key === 'm') video.muted = !video.muted;
      else if (key === 'f') void (document.fullscreenElement ? document.exitFullscreen() : frame.current?.requestFullscreen());
      else if (key === 'arrowleft') video.currentTime = Math.max(0, video.currentTime - SEEK_SECONDS);
      else if (key === 'arrowright') video.currentTime = Math.min(video.duration || Infinity, video.currentTime + SEEK_SECONDS);
      else return;
      // Handled here: the native controls must not act on the same key again.
      event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [media, frame]);
}
