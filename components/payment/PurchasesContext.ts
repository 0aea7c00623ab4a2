'use client';

import { createContext, useContext } from 'react';
import type { EntitlementsAnswer } from '@/lib/payments/browser/api';
import type { UnlockRequest } from '../player/PlaybackLinksContext';

/** What a pay button asks for: the title, the ways to pay for it (the page's offers), and the video to play once bought. */
export type PurchaseRequest = UnlockRequest;

/** A rental this browser holds, as the server's clock has it (EntitlementsAnswer.rentals). */
export type Rental = EntitlementsAnswer['rentals'][number];

export interface Purchases {
  /** The latest playback link of a video this browser owns, once the player asked for it. */
  videoFor(videoPath: string): string | undefined;
  /** Whether this browser may play a path: bought (or rented, while the rental plays) itself, or beneath a series, season or short film. */
  owns(path: string): boolean;
  /** The latest rental that covers a path (playing or ended), if this browser rented it. */
  rentalOf(path: string): Rental | undefined;
  /** When the library was read (ms): the clock a rental's time left is told by. */
  readAt: number;
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
