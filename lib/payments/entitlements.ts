import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { readToken, signToken } from './signed-token';

/** The signed, http-only cookie naming the title paths this browser owns. */
export const ENTITLEMENT_COOKIE = 'solenema_entitlements';
/** A random id for this browser, so a checkout cannot be finished from another one. */
export const BROWSER_COOKIE = 'solenema_browser';
/** Readable by scripts, holds no secret: tells the page whether asking for owned titles is worth a request. */
export const OWNS_HINT_COOKIE = 'solenema_owns';

const PURPOSE = 'entitlements';
/** Keeps the cookie well under the 4 KB browsers allow. */
const MAX_PATHS = 60;
const YEAR_SECONDS = 60 * 60 * 24 * 365;

const entitlementSchema = z.object({ paths: z.array(z.string()).max(MAX_PATHS) });
const browserIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/);

export function readEntitlements(secret: string, cookie: string | undefined): string[] {
  if (!cookie) return [];
  return readToken(secret, PURPOSE, cookie, entitlementSchema)?.paths ?? [];
}

export function writeEntitlements(secret: string, paths: Iterable<string>): string {
  const unique = [...new Set(paths)].slice(-MAX_PATHS);
  return signToken(secret, PURPOSE, { paths: unique });
}

/** A purchase of `owned` unlocks that document and everything beneath it. */
export function unlocks(owned: readonly string[], path: string): boolean {
  return owned.some((p) => path === p || path.startsWith(`${p}/`));
}

export function browserIdFrom(cookie: string | undefined): string | null {
  return browserIdSchema.safeParse(cookie).success ? (cookie as string) : null;
}

export const newBrowserId = () => randomBytes(16).toString('base64url');

export function cookieOptions(secure: boolean, httpOnly = true) {
  return { httpOnly, secure, sameSite: 'lax' as const, path: '/', maxAge: YEAR_SECONDS };
}
