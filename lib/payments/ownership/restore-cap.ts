import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { spend, type Spent } from '../../http/limiter';

/** Browsers one wallet's purchases may be restored into per day: a person's phone, laptops, a new install. */
export const RESTORE_BROWSERS_PER_DAY = 5;
export const RESTORE_CAP_SECONDS = 24 * 60 * 60;

export interface RestoreCapCounters {
  /** Per wallet: browsers restored into today (RESTORE_BROWSERS_PER_DAY points a day). */
  browsers: () => RateLimiterAbstract;
  /** Per wallet and browser: this pair was counted today (one point a day). */
  counted: () => RateLimiterAbstract;
}

/**
 * Bounds how many browsers a wallet's purchases reach in a day, so one purchase cannot be handed to
 * a crowd by passing a wallet around (or a signing service) restoring into fresh browser after
 * fresh browser. Restoring again into a browser already counted today is free. `holder` names the
 * browser without its id (restore.ts's holderOf), so no browser id is written to a shared store.
 */
export function restoreCap({ browsers, counted }: RestoreCapCounters) {
  return async function admit(wallet: string, holder: string): Promise<Spent> {
    const pair = `${wallet}:${holder}`;
    const countedToday = await counted()
      .get(pair)
      .catch(() => null);
    if (countedToday) return { ok: true };
    const spent = await spend(browsers(), wallet);
    if (spent.ok) await spend(counted(), pair);
    return spent;
  };
}
