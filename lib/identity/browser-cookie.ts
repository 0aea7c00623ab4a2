import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { holderOf, isHolder, readToken, signToken, signedWithCurrentKey, type SigningKeys } from './signed-token';

/**
 * A signed random id for this browser: the key to what it owns in the ledger. Only this cookie,
 * signed by this server, names a browser: no bare id, old cookie format or token is ever taken as one.
 * Over https it is set as HOST_BROWSER_COOKIE: a `__Host-` cookie is Secure, host-only and Path=/,
 * so no sibling subdomain and no plain-http page can set one beside it (lib/identity/visitor.ts).
 */
export const BROWSER_COOKIE = 'solenema_browser';
export const HOST_BROWSER_COOKIE = `__Host-${BROWSER_COOKIE}`;
/** Readable by scripts, holds no secret: tells the page whether asking for owned titles is worth a request. */
export const OWNS_HINT_COOKIE = 'solenema_owns';
/**
 * Http-only and signed: this browser was granted something. Without it the server answers "owns nothing" with
 * no read of the ledger, so cookies, which are free, cost nothing to hold (set on every grant: a payment, a restore).
 */
export const OWNER_COOKIE = 'solenema_owner';
export const HOST_OWNER_COOKIE = `__Host-${OWNER_COOKIE}`;

const BROWSER_PURPOSE = 'browser';
const YEAR_SECONDS = 60 * 60 * 24 * 365;
/** A returning browser's cookie is signed anew (same id, a fresh year) once it is older than this. */
const SLIDE_AFTER_SECONDS = 60 * 60 * 24;

// iat (seconds): when this server signed the cookie; cookies signed before it was added have none.
const browserTokenSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/), iat: z.number().int().nonnegative().optional() });

export const newBrowserId = () => randomBytes(16).toString('base64url');

export const browserCookieValue = (keys: SigningKeys, id: string, now = Date.now()) => signToken(keys, BROWSER_PURPOSE, { id, iat: Math.floor(now / 1000) });

/** The browser id in a cookie this server signed; null for a missing, altered or foreign one. */
export function browserIdFrom(keys: SigningKeys, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 256) return null;
  return readToken(keys, BROWSER_PURPOSE, cookie, browserTokenSchema, 'current-or-previous')?.id ?? null;
}

/**
 * A valid cookie worth signing again with the same id: signed with a rotated-out key, or more than a
 * day ago (the year it lasts slides while the buyer keeps coming back).
 */
export function cookieNeedsRenewal(keys: SigningKeys, cookie: string | undefined, now = Date.now()): boolean {
  if (!cookie || browserIdFrom(keys, cookie) === null) return false;
  if (!signedWithCurrentKey(keys, BROWSER_PURPOSE, cookie)) return true;
  const issuedAt = readToken(keys, BROWSER_PURPOSE, cookie, browserTokenSchema)?.iat ?? 0;
  return now / 1000 - issuedAt > SLIDE_AFTER_SECONDS;
}

const OWNER_PURPOSE = 'owner';
// The browser only by a keyed digest (as every token: signed-token.ts, holderOf), and when it was signed.
const ownerProofSchema = z.object({ holder: z.string(), iat: z.number().int().nonnegative() });

export const ownerProofValue = (keys: SigningKeys, id: string, now = Date.now()) =>
  signToken(keys, OWNER_PURPOSE, { holder: holderOf(keys, OWNER_PURPOSE, id), iat: Math.floor(now / 1000) });

/**
 * Whether `cookie` is this server's proof that `browser` was granted something: 'fresh', 'stale' (more than a day
 * old: worth signing again, as the browser cookie slides), or null. Today's key only: after a rotation the readable
 * hint still sends the browser to the ledger once, and the answer signs a new proof.
 */
export function ownerProofOf(keys: SigningKeys, cookie: string, browser: string, now = Date.now()): 'fresh' | 'stale' | null {
  if (cookie.length > 256) return null;
  const proof = readToken(keys, OWNER_PURPOSE, cookie, ownerProofSchema);
  if (!proof || !isHolder(keys, OWNER_PURPOSE, browser, proof.holder)) return null;
  return now / 1000 - proof.iat > SLIDE_AFTER_SECONDS ? 'stale' : 'fresh';
}

export function cookieOptions(secure: boolean, httpOnly = true) {
  return { httpOnly, secure, sameSite: 'lax' as const, path: '/', maxAge: YEAR_SECONDS };
}
