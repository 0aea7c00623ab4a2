'use client';

import { useEffect, type RefObject } from 'react';

const SEEK_SECONDS = 10;

/** Title and artwork on a phone's lock screen and in the OS media controls, with play/pause and seek. */
export function useMediaSession(media: RefObject<HTMLVideoElement | null>, title: string, cover: string | null | undefined) {
  useEffect(() => {
    if (!('mediaSession' in navigator) || typeof MediaMetadata === 'undefined') return;
    const session = navigator.mediaSession;
    const artwork = cover ? [{ src: new URL(cover, location.href).href }] : [];
    session.metadata = new MediaMetadata({ title, artist: 'Solenema', artwork });
    const seek = (by: number) => () => {
      const video = media.current;
      if (video) video.currentTime = Math.max(0, video.currentTime + by);
    };
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => void media.current?.play()],
      ['pause', () => media.current?.pause()],
      ['seekbackward', seek(-SEEK_SECONDS)],
      ['seekforward', seek(SEEK_SECONDS)],
    ];
    for (const [action, handler] of handlers) session.setActionHandler(action, handler);
    return () => {
      session.metadata = null;
      for (const [action] of handlers) session.setActionHandler(action, null);
    };
  }, [media, title, cover]);
}
