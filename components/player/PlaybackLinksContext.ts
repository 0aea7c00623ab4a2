'use client';

import { createContext, useContext } from 'react';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';

/** A locked video the viewer may unlock: the title that locks it, the ways to pay for it (as its page shows them), and the video to play then. */
export interface UnlockRequest {
  purchasePath: string;
  title: string;
  offers: readonly ShownOffer[];
  playPath?: string;
  /** The video to play is a packaged stream: its player's code is fetched while the buyer pays. */
  stream?: true;
}

/**
 * What the player needs from whoever owns access to locked videos. The player defines it and the
 * page's access layer (the purchases provider) supplies it, so the player never imports payments.
 */
export interface PlaybackLinks {
  /** Whether this browser may play a locked video: it owns it, or the show it is part of. */
  owns(videoPath: string): boolean;
  /** The latest playback link of an owned video, once asked for; undefined before. */
  videoFor(videoPath: string): string | undefined;
  /**
   * Asks for a fresh link to an owned video (short-lived, bound to this browser); undefined when none can be had.
   * `starting`: the player opens with it now, so a stream's first requests are asked for at once (lib/media/primed.ts).
   */
  requestLink(videoPath: string, starting?: boolean): Promise<string | undefined>;
  /** Why an owned video does not play, once its link was refused for that (a rental ended, a pre-order not out yet: the server's words). */
  rentalEnded(videoPath: string): string | undefined;
  /** Asks the viewer to unlock a locked video (the next episode, say). */
  unlock(request: UnlockRequest): void;
}

export const PlaybackLinksContext = createContext<PlaybackLinks | null>(null);

/** Null outside a provider: then only free titles play, and there is nothing to renew or unlock. */
export function usePlaybackLinks(): PlaybackLinks | null {
  return useContext(PlaybackLinksContext);
}
