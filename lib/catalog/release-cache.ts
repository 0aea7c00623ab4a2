import 'server-only';
import { unstable_cache } from 'next/cache';
import { secondsUntil } from './release';

/**
 * Keeps the page being rendered cached no longer than until `releaseDate`. An ISR page lives as long as the shortest
 * lifetime of the cached reads its render made, so a read of nothing that lives until the release makes a page that
 * says "Pre-order" regenerate at the date, not a day later. Outside a page's render (a route, a script) it does nothing.
 */
export function revalidateAtRelease(releaseDate: string) {
  unstable_cache(async () => releaseDate, ['release', releaseDate], { revalidate: secondsUntil(releaseDate) })().catch(() => {
    // No page is being cached here (no incremental cache outside Next's render): nothing to keep fresh.
  });
}
