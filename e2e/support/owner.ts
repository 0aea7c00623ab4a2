import { OWNER_COOKIE, newBrowserId, ownerProofValue } from '@/lib/identity/browser-cookie';
import { LOCAL_GENESIS_HASH } from './chain';
import { E2E_ENTITLEMENT_SECRET } from './ports';
import { mint } from './fuzz-cookies';
import { siteFirestore } from './site-firestore';

/**
 * Writes what the ledger holds after a verified purchase of `path` by browser `id` (`entitlements/{id}~{via}`), on
 * the cluster the e2e site verifies on (the local chain's genesis hash): a grant of another cluster unlocks nothing.
 */
export async function grantInLedger(id: string, path: string, via: string, grantedAt = new Date()) {
  await siteFirestore().doc(`entitlements/${id}~${via}`).set({ browser: id, path, via, cluster: LOCAL_GENESIS_HASH, grantedAt: grantedAt.toISOString() });
}

/** The signed owner cookie's value that a grant answer sets: without it the server reads no ledger for the browser. */
export const ownerProof = (id: string) => ownerProofValue(E2E_ENTITLEMENT_SECRET, id);
/** The Cookie header of browser `id` holding `browserCookie` (its signed value) and the owner proof. */
export const ownerCookies = (id: string, browserCookie: string) => `solenema_browser=${browserCookie}; ${OWNER_COOKIE}=${ownerProof(id)}`;

/**
 * A browser that owns `path` as the ledger records a verified purchase: its cookie as this server signed it
 * (`signedAt`: when, for a cookie a returning buyer has held a while), and the Cookie header it sends with the owner
 * proof its purchase answer set.
 */
export async function ownerOf(path: string, via: string, signedAt = Date.now()) {
  const id = newBrowserId();
  await grantInLedger(id, path, via);
  // As the server signs it: the id, and when (seconds).
  const cookie = mint('browser', { id, iat: Math.floor(signedAt / 1000) });
  return { id, cookie, header: ownerCookies(id, cookie) };
}
