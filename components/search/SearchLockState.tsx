'use client';

import { usePurchases } from '../payment/PurchasesContext';
import { LockBadge } from '../cards/LockBadge';

/**
 * The lock on a locked result's cover. Owned (bought itself, or a season or episode of a series bought
 * whole), the card looks like a free one, as every other card does (data-owned).
 */
export function SearchLockBadge({ path }: { path: string }) {
  return usePurchases().owns(path) ? <span data-owned /> : <LockBadge />;
}

/** What a screen reader hears after a locked result's title. */
export function SearchLockText({ path }: { path: string }) {
  return usePurchases().owns(path) ? ', in your library' : ', locked';
}
