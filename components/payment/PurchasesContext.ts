'use client';

import { createContext, useContext } from 'react';
import type { EntitlementsAnswer } from '@/lib/payments/browser/api';
import type { UnlockRequest } from '../player/PlaybackLinksContext';

/** What a pay button asks for: the path to buy, its title, and the video to play once bought. */
export type PurchaseRequest = UnlockRequest;

export interface Purchases {
  /** The latest playback link of a video this browser owns, once the player asked for it. */
  videoFor(videoPath: string): string | undefined;
  /** Whether this browser owns a path: bought itself, or beneath a series or short film it bought. */
  owns(path: string): boolean;
  /** `opener` gets focus back when the dialog closes (found again by its data-opener if it was re-rendered). */
  openPurchase(request: PurchaseRequest, opener?: HTMLElement): void;
  /** Records what the server just granted (a verified payment or a restore). */
  granted(answer: EntitlementsAnswer): void;
}

export const PurchasesContext = createContext<Purchases | null>(null);

export function usePurchases(): Purchases {
  const purchases = useContext(PurchasesContext);
  if (!purchases) throw new Error('usePurchases must be used inside <PurchasesProvider>');
  return purchases;
}
