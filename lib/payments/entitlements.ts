import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readToken, signToken, signedWithCurrentKey, type SigningKeys } from './signed-token';

/**
 * A signed random id for this browser: the key to what it owns in the ledger. Only this cookie,
 * signed by this server, names a browser: no bare id, old cookie format or token is ever taken as one.
 */
export const BROWSER_COOKIE = 'solenema_browser';
/** Readable by scripts, holds no secret: tells the page whether asking for owned titles is worth a request. */
export const OWNS_HINT_COOKIE = 'solenema_owns';

const BROWSER_PURPOSE = 'browser';
const YEAR_SECONDS = 60 * 60 * 24 * 365;

const browserTokenSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) });

export const newBrowserId = () => randomBytes(16).toString('base64url');

export const browserCookieValue = (keys: SigningKeys, id: string) => signToken(keys, BROWSER_PURPOSE, { id });

/** The browser id in a cookie this server signed; null for a missing, altered or foreign one. */
export function browserIdFrom(keys: SigningKeys, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 256) return null;
  return readToken(keys, BROWSER_PURPOSE, cookie, browserTokenSchema, 'current-or-previous')?.id ?? null;
}

/** A valid cookie signed with a rotated-out key: the next answer signs the same id again with today's key. */
export const cookieNeedsRenewal = (keys: SigningKeys, cookie: string | undefined) =>
  browserIdFrom(keys, cookie) !== null && !signedWithCurrentKey(keys, BROWSER_PURPOSE, cookie!);

export function cookieOptions(secure: boolean, httpOnly = true) {
  return { httpOnly, secure, sameSite: 'lax' as const, path: '/', maxAge: YEAR_SECONDS };
}
