import { LRUCache } from 'lru-cache';

/** How many browsers' positive answers a server remembers: beyond it the least recently asked is forgotten. */
export const OWNERS_REMEMBERED = 10_000;
/** A purchase made on another instance must never be refused here because of an old answer: only "owns" is kept, this long. */
const OWNED_FOR_MS = 60_000;

/**
 * What each recently asked browser holds, positive answers only (the caller remembers only a library with
 * something in it): playback asks on every range request, and this spares the ledger those reads. Bounded, so a
 * long-running server's memory does not grow with the number of buyers.
 */
export function ownedCache<T>(max = OWNERS_REMEMBERED, now = Date.now) {
  const known = new LRUCache<string, { value: T; until: number }>({ max });
  return {
    remember(browser: string, value: T) {
      known.set(browser, { value, until: now() + OWNED_FOR_MS });
    },
    /** What is remembered for this browser, or null when nothing (or it is a minute old). */
    get(browser: string): T | null {
      const entry = known.get(browser);
      return entry && entry.until > now() ? entry.value : null;
    },
    get size() {
      return known.size;
    },
  };
}
