import { getApps, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { newBrowserId } from '@/lib/payments/entitlements';
import { mint } from './fuzz';
import { E2E_PROJECT_ID } from './ports';

/**
 * A browser that owns `path` as the ledger records a verified purchase, and its cookie as this server
 * signed it (`signedAt`: when, for a cookie a returning buyer has held a while).
 */
export async function ownerOf(path: string, via: string, signedAt = Date.now()) {
  const id = newBrowserId();
  const db = getFirestore(getApps()[0] ?? initializeApp({ projectId: E2E_PROJECT_ID }));
  await db.doc(`entitlements/${id}~${via}`).set({ browser: id, path, via, grantedAt: new Date().toISOString() });
  // As the server signs it: the id, and when (seconds).
  return { id, cookie: mint('browser', { id, iat: Math.floor(signedAt / 1000) }) };
}
