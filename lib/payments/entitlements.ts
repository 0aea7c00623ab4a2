import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { titlePathSchema } from '../catalog/schemas';
import { readToken, signToken } from './signed-token';

/** A signed random id for this browser: the key to what it owns in the ledger, and what checkouts and playback links are bound to. */
export const BROWSER_COOKIE = 'solenema_browser';
/** Readable by scripts, holds no secret: tells the page whether asking for owned titles is worth a request. */
export const OWNS_HINT_COOKIE = 'solenema_owns';
/**
 * The cookie that listed owned paths before the ledger remembered them per browser (it kept only
 * the last 60). Read once to carry its purchases into the ledger, then cleared.
 */
export const LEGACY_ENTITLEMENT_COOKIE = 'solenema_entitlements';

const BROWSER_PURPOSE = 'browser';
const LEGACY_PURPOSE = 'entitlements';
const YEAR_SECONDS = 60 * 60 * 24 * 365;

const browserIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const browserTokenSchema = z.object({ id: browserIdSchema });
/** Only paths that could name a title are adopted; anything else in an old cookie is dropped. */
const legacySchema = z.object({
  paths: z
    .array(z.unknown())
    .max(200)
    .transform((paths) => paths.filter((path): path is string => titlePathSchema.safeParse(path).success)),
});

export const newBrowserId = () => randomBytes(16).toString('base64url');

export const browserCookieValue = (secret: string, id: string) => signToken(secret, BROWSER_PURPOSE, { id });

/** The browser id in a cookie this server signed; null for a missing, altered or foreign one. */
export function browserIdFrom(secret: string, cookie: string | undefined): string | null {
  if (!cookie || cookie.length > 256) return null;
  return readToken(secret, BROWSER_PURPOSE, cookie, browserTokenSchema)?.id ?? null;
}

/**
 * A bare id, as cookies held it before they were signed. Still honoured (as unguessable as before)
 * so a payment pending from then, whose checkout names it, finishes; the answer re-signs the cookie.
 */
export function unsignedBrowserIdFrom(cookie: string | undefined): string | null {
  return browserIdSchema.safeParse(cookie).success ? (cookie as string) : null;
}

export function readLegacyEntitlements(secret: string, cookie: string | undefined): string[] {
  if (!cookie || cookie.length > 8192) return [];
  return readToken(secret, LEGACY_PURPOSE, cookie, legacySchema)?.paths ?? [];
}


export function cookieOptions(secure: boolean, httpOnly = true) {
  return { httpOnly, secure, sameSite: 'lax' as const, path: '/', maxAge: YEAR_SECONDS };
}
