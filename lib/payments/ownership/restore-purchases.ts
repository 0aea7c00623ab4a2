import { checkSignIn, createSignInChallenge, type SignInAnswer, type SignInPurpose, type SignInSite, type SiteIdentity } from '../../identity/sign-in-purpose';
import type { SigningKeys } from '../../identity/signed-token';
import { refuse, type Refusal } from '../../errors';
import type { Ledger, Purchase } from '../ledger/ledger';

export const RESTORE_STATEMENT = 'Restore my Solenema purchases in this browser. Signing is free and moves no funds.';
const RESTORE: SignInPurpose = { purpose: 'restore', statement: RESTORE_STATEMENT, what: 'restore', ttlMs: 10 * 60 * 1000 };

export type { SiteIdentity } from '../../identity/sign-in-purpose';
export { siteIdentity } from '../../identity/sign-in-purpose';
export type RestoreAnswer = SignInAnswer;

export const createRestoreChallenge = (secret: SigningKeys, wallet: string, browser: string, site: SignInSite, now = Date.now()) =>
  createSignInChallenge(secret, RESTORE, wallet, browser, site, now);

export type RestoreResult = { ok: true; wallet: string; paths: string[]; purchases: Purchase[] } | Refusal;

/**
 * Checks a Sign In With Solana answer (lib/identity/sign-in-purpose.ts), spends its nonce once, then lists what that wallet
 * bought on `cluster` (a genesis hash).
 */
export async function restorePurchases(
  secret: SigningKeys,
  answer: RestoreAnswer,
  browser: string,
  site: SiteIdentity,
  ledger: Pick<Ledger, 'spendNonce' | 'byWallet'>,
  cluster: string,
  now = Date.now(),
): Promise<RestoreResult> {
  const signedIn = checkSignIn(secret, RESTORE, answer, browser, site, now);
  if (!signedIn.ok) return signedIn;
  if (!(await ledger.spendNonce(signedIn.nonce, signedIn.expiresAt))) return refuse('conflict', 'This restore challenge was already used.');
  const purchases = await ledger.byWallet(signedIn.wallet, cluster);
  return { ok: true, wallet: signedIn.wallet, paths: [...new Set(purchases.map((p) => p.path))], purchases };
}
