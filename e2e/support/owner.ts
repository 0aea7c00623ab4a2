import { newBrowserId } from '@/lib/identity/browser-cookie';
import { LOCAL_GENESIS_HASH } from './chain';
import { mint } from './fuzz';
import { siteFirestore } from './site-firestore';

/**
 * Writes what the ledger holds after a verified purchase of `path` by browser `id` (`entitlements/{id}~{via}`), on
 * the cluster the e2e site verifies on (the local chain's genesis hash): a grant of another cluster unlocks nothing.
 */
export async function grantInLedger(id: string, path: string, via: string, grantedAt = new Date()) {
  await siteFirestore().doc(`entitlements/${id}~${via}`).set({ browser: id, path, via, cluster: LOCAL_GENESIS_HASH, grantedAt: grantedAt.toISOString() });
}

/**
 * A browser that owns `path` as the ledger records a verified purchase, and its cookie as this server
 * signed it (`signedAt`: when, for a cookie a returning buyer has held a while).
 */
export async function ownerOf(path: string, via: string, signedAt = Date.now()) {
  const id = newBrowserId();
  await grantInLedger(id, path, via);
  // As the server signs it: the id, and when (seconds).
  return { id, cookie: mint('browser', { id, iat: Math.floor(signedAt / 1000) }) };
}
