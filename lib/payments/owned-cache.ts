import { LRUCache } from 'lru-cache';

/** How many browsers' positive answers a server remembers: beyond it the least recently asked is forgotten. */
export const OWNERS_REMEMBERED = 10_000;
/** A purchase made on another instance must never be refused here because of an old answer: only "owns" is kept, this long. */
const OWNED_FOR_MS = 60_000;

/**
 * What each recently asked browser owns, positive answers only: playback asks on every range request,
 * and this spares the ledger those reads. Bounded, so a long-running server's memory does not grow
 * with the number of buyers.
 */
export function ownedCache(max = OWNERS_REMEMBERED, now = Date.now) {
  const known = new LRUCache<string, { paths: string[]; until: number }>({ max });
  return {
    remember(browser: string, paths: string[]) {
      if (paths.length > 0) known.set(browser, { paths, until: now() + OWNED_FOR_MS });
    },
    /** The paths remembered for this browser, or null when none (or they are a minute old). */
    pathsOf(browser: string): string[] | null {
      const entry = known.get(browser);
      return entry && entry.until > now() ? entry.paths : null;
    },
    get size() {
      return known.size;
    },
  };
}
