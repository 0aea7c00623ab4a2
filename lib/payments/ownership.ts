import 'server-only';
import { LRUCache } from 'lru-cache';
import type { Visitor } from '../identity/visitor';
import { ledger } from './ledger';
import { ownedCache } from './owned-cache';
import { receiptsFor } from './receipts';
import { unlocks } from './unlocks';
import { catalog, serverCluster } from './wiring';

const knownOwned = ownedCache();
/**
 * Browsers with only the readable hint (no proof) found owning nothing, for a while: the hint is a cookie anyone
 * can set, and setting it must not buy a ledger read per request.
 */
const hintedButEmpty = new LRUCache<string, true>({ max: 10_000, ttl: 10 * 60_000 });

/** Who asks about owning: the browser, and what its cookies prove (lib/identity/visitor.ts). */
export type Owner = Pick<Visitor, 'browser' | 'owns'>;

/**
 * Every path this browser owns, from the ledger: nothing is ever dropped, however many. A browser never granted
 * anything (no owner proof) owns nothing, with no read: reads follow purchases, not cookies.
 */
export async function ownedPaths({ browser, owns }: Owner): Promise<string[]> {
  if (!browser || owns === 'none' || (owns === 'hinted' && hintedButEmpty.has(browser))) return [];
  const paths = await ledger.ownedBy(browser, await serverCluster());
  knownOwned.remember(browser, paths);
  if (owns === 'hinted' && paths.length === 0) hintedButEmpty.set(browser, true);
  return paths;
}

/** Whether this browser owns the title (or series) `videoPath` plays in: from memory when it is known to, else the ledger. */
export async function ownsVideo(owner: Owner, videoPath: string): Promise<boolean> {
  const known = owner.browser && owner.owns !== 'none' ? knownOwned.pathsOf(owner.browser) : null;
  if (known && unlocks(known, videoPath)) return true;
  return unlocks(await ownedPaths(owner), videoPath);
}

/** "My purchases" for this browser, newest first: a read or two per purchase listed, then none while cached; none for a browser never granted anything. */
export const receiptsOf = async ({ browser, owns }: Owner) =>
  browser && owns !== 'none' ? receiptsFor(browser, await serverCluster(), { ledger, catalog }) : [];
