import 'server-only';
import { z } from 'zod';
import { env } from '../env/server';
import { refuse, type Refusal } from '../errors';
import { signingSecret } from '../identity/signing-secret';
import { checkSignIn, createSignInChallenge, siteIdentity, type SignInAnswer, type SignInPurpose } from '../identity/sign-in-purpose';
import { holderOf, isHolder, readToken, signToken } from '../identity/signed-token';
import { studioCookieValues } from '../identity/studio-cookie';
import { currentCookies, currentVisitor } from '../identity/visitor-cookies';
import { chainIdOf } from '../payments/chain/cluster';
import { ledger } from '../payments/ledger/ledger';
import { paymentCluster } from '../payments/wiring';

const STUDIO: SignInPurpose = {
  purpose: 'studio',
  statement: 'Open the Solenema studio. Signing is free and moves no funds.',
  what: 'studio sign-in',
  ttlMs: 5 * 60_000,
};
const SESSION_PURPOSE = 'studio-session';
const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

/** Who may open the studio: the wallet payments go to, and the wallets STUDIO_WALLETS lists. */
const studioWallets = () => new Set([env.SOLANA_RECIPIENT, ...(env.STUDIO_WALLETS ?? [])]);

const NOT_YOURS = 'This wallet cannot open the studio: sign in with the wallet payments go to (SOLANA_RECIPIENT) or one STUDIO_WALLETS lists.';

/** A one-time Sign In With Solana request for a studio wallet, that only the asking browser can answer. */
export async function studioChallenge(wallet: string, browser: string) {
  if (!studioWallets().has(wallet)) return refuse('forbidden', NOT_YOURS);
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  return { ok: true as const, challenge: createSignInChallenge(signingSecret, STUDIO, wallet, browser, { ...site, chainId: chainIdOf(cluster.cluster) }) };
}

/** A studio session: the wallet that signed in, for this browser only, until `exp` (seconds). */
const sessionSchema = z.object({ wallet: z.string(), holder: z.string(), exp: z.number() });

/**
 * Opens a session for a signed studio challenge: a studio wallet, its nonce spent once (a replayed answer is
 * refused), bound to the browser that asked. Answers the token for the studio cookie and how long it lasts.
 */
export async function openStudioSession(
  answer: SignInAnswer,
  browser: string,
): Promise<{ ok: true; token: string; maxAgeSeconds: number; wallet: string } | Refusal> {
  const signedIn = checkSignIn(signingSecret, STUDIO, answer, browser, site);
  if (!signedIn.ok) return signedIn;
  if (!studioWallets().has(signedIn.wallet)) return refuse('forbidden', NOT_YOURS);
  if (!(await ledger.spendNonce(signedIn.nonce, signedIn.expiresAt))) return refuse('conflict', 'This studio sign-in was already used; sign in again.');
  const exp = Math.floor(Date.now() / 1000) + env.STUDIO_SESSION_SECONDS;
  const token = signToken(signingSecret, SESSION_PURPOSE, { wallet: signedIn.wallet, holder: holderOf(signingSecret, SESSION_PURPOSE, browser), exp });
  return { ok: true, token, maxAgeSeconds: env.STUDIO_SESSION_SECONDS, wallet: signedIn.wallet };
}

/**
 * The studio wallet a request's cookies hold a live session of, or null: signed with today's key, for this very
 * browser, not expired, and of a wallet still allowed (one removed from STUDIO_WALLETS loses its session at once).
 */
export function studioSessionOf(cookieHeader: string | null, secure: boolean, browser: string | null): { wallet: string } | null {
  for (const value of studioCookieValues(cookieHeader, secure)) {
    const session = value.length <= 1024 ? readToken(signingSecret, SESSION_PURPOSE, value, sessionSchema) : null;
    if (!session || session.exp * 1000 <= Date.now()) continue;
    if (!isHolder(signingSecret, SESSION_PURPOSE, browser, session.holder) || !studioWallets().has(session.wallet)) continue;
    return { wallet: session.wallet };
  }
  return null;
}

/** The studio wallet the page's request holds a live session of, or null (pages read it; routes use lib/api/studio.ts). */
export async function currentStudioWallet(): Promise<string | null> {
  const [{ header, secure }, visitor] = await Promise.all([currentCookies(), currentVisitor()]);
  return studioSessionOf(header, secure, visitor.browser)?.wallet ?? null;
}
