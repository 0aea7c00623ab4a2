'use client';

import { createContext, useContext } from 'react';

/** A locked video the viewer may unlock: the path to unlock, its title, and the video to play then. */
export interface UnlockRequest {
  purchasePath: string;
  title: string;
  playPath?: string;
}

/**
 * What the player needs from whoever owns access to locked videos. The player defines it and the
 * page's access layer (the purchases provider) supplies it, so the player never imports payments.
 */
export interface PlaybackLinks {
  /** The latest playback link of a locked video this browser may play, or undefined. */
  videoFor(videoPath: string): string | undefined;
  /** Asks for fresh links: they are short-lived and bound to this browser. */
  renewLinks(): Promise<void>;
  /** Asks the viewer to unlock a locked video (the next episode, say). */
  unlock(request: UnlockRequest): void;
}

export const PlaybackLinksContext = createContext<PlaybackLinks | null>(null);

/** Null outside a provider: then only free titles play, and there is nothing to renew or unlock. */
export function usePlaybackLinks(): PlaybackLinks | null {
  return useContext(PlaybackLinksContext);
}
