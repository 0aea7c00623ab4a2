'use client';

import { usePurchases } from '../payment/PurchasesProvider';
import { LockBadge } from '../cards/LockBadge';

/**
 * A title is sold alone or with its series or short film (`series/x` unlocks every season and
 * episode under it): owned either way, the result says so instead of "Locked".
 */
function useOwned(path: string) {
  const { owns } = usePurchases();
  const whole = path.split('/').slice(0, 2).join('/');
  return owns(path) || owns(whole);
}

/** The lock on a locked result's cover; owned, the card looks like a free one, as every other card does (data-owned). */
export function SearchLockBadge({ path }: { path: string }) {
  return useOwned(path) ? <span data-owned /> : <LockBadge />;
}

/** What a screen reader hears after a locked result's title. */
export function SearchLockText({ path }: { path: string }) {
  return useOwned(path) ? ', in your library' : ', locked';
}
