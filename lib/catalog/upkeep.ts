import { chooseBackend, type Env } from '../env/schema';

/** What one visit's upkeep may spend indexing, well within any plan's function duration; the next check takes the rest. */
export const VISITS_STEP_BUDGET_MS = 20_000;

/**
 * How the site keeps what it derives from an operator's Firestore edits (sort keys, search entries) current
 * and its cached reads fresh:
 * - `watch` (`next start` without the trigger): Firestore listeners see each edit; the sync expires exactly the reads
 *   it changed within seconds, so cached reads keep the day's backstop.
 * - `visits` (Vercel without the trigger, where no listener outlives a request): pages that visitors open check for
 *   edits at most every `checkEverySeconds` (a few count() reads), and cached reads live `lifetimeSeconds` (a page's
 *   `after()` cannot expire tags within its ISR render), so an edit is live within CATALOG_SYNC_SECONDS of the first visit after it, with no cron, and an idle site reads nothing.
 * - `events` (the Firestore trigger deployed, CATALOG_EVENTS_SECRET set; on Vercel or `next start`): each edit arrives
 *   as an event naming its documents (POST /api/catalog/changes), which expires exactly the reads it changed; cached
 *   reads keep the day's backstop, no listener runs and visits check nothing (nothing syncs an edit twice), so reads
 *   and regenerations follow edits, not traffic.
 * - `off`: the embedded catalog, CATALOG_SYNC_SECONDS=0 (only the Cron Job and POST /api/revalidate), or a
 *   Vercel preview deployment: a branch's code never writes derived fields into the Firestore it was given.
 */
export interface CatalogUpkeep {
  mode: 'watch' | 'events' | 'visits' | 'off';
  lifetimeSeconds: number;
  checkEverySeconds: number;
}

export function catalogUpkeep(env: Env): CatalogUpkeep {
  if (chooseBackend(env) !== 'firestore' || env.CATALOG_SYNC_SECONDS === 0 || env.VERCEL_ENV === 'preview')
    return { mode: 'off', lifetimeSeconds: env.REVALIDATE_SECONDS, checkEverySeconds: 0 };
  if (env.CATALOG_EVENTS_SECRET) return { mode: 'events', lifetimeSeconds: env.REVALIDATE_SECONDS, checkEverySeconds: 0 };
  if (!env.VERCEL) return { mode: 'watch', lifetimeSeconds: env.REVALIDATE_SECONDS, checkEverySeconds: env.CATALOG_SYNC_SECONDS };
  // An edit waits for the next check, then for the cached reads that show it to expire, then for a visit to
  // render them anew (a stale page is served once while it renders): a third of the setting each.
  const third = Math.max(1, Math.floor(env.CATALOG_SYNC_SECONDS / 3));
  return { mode: 'visits', lifetimeSeconds: Math.min(env.REVALIDATE_SECONDS, third), checkEverySeconds: third };
}
