import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * The keys that sign and check tokens: the first signs and checks. A rotated-out key
 * (ENTITLEMENT_SECRET_PREVIOUS) checks only what a reader opts into (the browser cookie, so it can be
 * signed anew; a checkout's reference, which only finds the server's own copy): a leaked old key then
 * mints no checkout, playback link or restore challenge.
 */
export type SigningKeys = string | readonly [string, ...string[]];

const keyList = (keys: SigningKeys): readonly string[] => (typeof keys === 'string' ? [keys] : keys);
const currentKey = (keys: SigningKeys) => keyList(keys)[0]!;

/**
 * Compact signed tokens (`payload.mac`, both base64url) for state the server hands to a browser
 * and must trust when it comes back: checkouts, the browser cookie, playback links, restore challenges.
 * `purpose` keeps a token minted for one use from being accepted as another. The payload is readable:
 * it never carries an identifier another browser could present (see holderOf).
 */
export function signToken(keys: SigningKeys, purpose: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(currentKey(keys), purpose, body)}`;
}

/** Which keys a token may be signed with: today's only, or a rotated-out one too (the browser cookie, a checkout's reference). */
type AcceptedKeys = 'current' | 'current-or-previous';

const acceptedKeys = (keys: SigningKeys, accepted: AcceptedKeys) => (accepted === 'current' ? [currentKey(keys)] : keyList(keys));

export function readToken<S extends z.ZodType>(
  keys: SigningKeys,
  purpose: string,
  token: string,
  schema: S,
  accepted: AcceptedKeys = 'current',
): z.output<S> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  if (!acceptedKeys(keys, accepted).some((key) => macMatches(key, purpose, body, signature))) return null;
  try {
    const result = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

/** Whether a token's signature is the current key's (false: an older key's, worth renewing; or none). */
export function signedWithCurrentKey(keys: SigningKeys, purpose: string, token: string): boolean {
  const [body, signature] = token.split('.');
  return !!body && !!signature && macMatches(currentKey(keys), purpose, body, signature);
}

/**
 * What a token says about the browser it belongs to: a keyed digest of the browser's id, never the id.
 * The server recomputes it from the cookie and compares; someone holding the token learns nothing
 * they could present as a cookie.
 */
export const holderOf = (keys: SigningKeys, purpose: string, browser: string) => mac(currentKey(keys), `holder:${purpose}`, browser).slice(0, 32);

/** Holder digests are only in tokens today's key checks, so only today's key makes them. */
export const isHolder = (keys: SigningKeys, purpose: string, browser: string | null, holder: string): boolean =>
  !!browser && safeEqual(holderOf(keys, purpose, browser), holder);

function macMatches(key: string, purpose: string, body: string, signature: string) {
  return safeEqual(mac(key, purpose, body), signature);
}

function safeEqual(expected: string, given: string) {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function mac(key: string, purpose: string, body: string) {
  return createHmac('sha256', key).update(`${purpose}\n${body}`).digest('base64url');
}
