import 'server-only';
import { getTitleSummary } from '../catalog';
import { ledger } from './ledger';
import { ownedCache } from './owned-cache';
import { receiptsFor } from './receipts';
import { unlocks } from './unlocks';
import { serverCluster } from './wiring';

const knownOwned = ownedCache();

/** Every path this browser owns, from the ledger: nothing is ever dropped, however many. */
export async function ownedPaths(browser: string | null): Promise<string[]> {
  if (!browser) return [];
  const paths = await ledger.ownedBy(browser, await serverCluster());
  knownOwned.remember(browser, paths);
  return paths;
}

/** Whether this browser owns the title (or series) `videoPath` plays in: from memory when it is known to, else the ledger. */
export async function ownsVideo(browser: string, videoPath: string): Promise<boolean> {
  const known = knownOwned.pathsOf(browser);
  if (known && unlocks(known, videoPath)) return true;
  return unlocks(await ownedPaths(browser), videoPath);
}

/** "My purchases" for this browser, newest first: a read or two per purchase listed, then none while cached. */
export const receiptsOf = async (browser: string) => receiptsFor(browser, await serverCluster(), { ledger, catalog: { getTitle: getTitleSummary } });
