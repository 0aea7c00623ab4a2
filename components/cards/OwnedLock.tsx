'use client';

import { usePurchases } from '../payment/PurchasesContext';
import { LockBadge } from './LockBadge';

/**
 * The lock on a link card's cover. Owned (bought itself, or a season or episode of a series bought
 * whole), the card looks like a free one, as every other card does (data-owned).
 */
export function OwnedLockBadge({ path }: { path: string }) {
  return usePurchases().owns(path) ? <span data-owned /> : <LockBadge />;
}

/** What a screen reader hears after a locked card's title. */
export function OwnedLockText({ path }: { path: string }) {
  return usePurchases().owns(path) ? ', in your library' : ', locked';
}
