import {
  BROWSER_COOKIE,
  HOST_BROWSER_COOKIE,
  HOST_OWNER_COOKIE,
  OWNER_COOKIE,
  OWNS_HINT_COOKIE,
  browserIdFrom,
  cookieNeedsRenewal,
  ownerProofOf,
} from './browser-cookie';
import type { SigningKeys } from './signed-token';

/** Who is asking: a browser id from the cookie this server signed, or null. */
export interface Visitor {
  browser: string | null;
  /** The answer signs the same id again: a rotated-out key, or a day-old cookie (its year slides). */
  renewCookie: boolean;
  /** Two different valid browser cookies came: one may be planted, so the request acts as neither. */
  conflict: boolean;
  /**
   * What the cookies say about owning: `proven` (the signed owner cookie of this browser: the ledger says what),
   * `hinted` (only the readable hint: a browser from before the proof, or after a key rotation; the ledger is read
   * and the answer proves it), `none` (nothing granted to it: owns nothing, with no read).
   */
  owns: 'proven' | 'hinted' | 'none';
  /** The owner proof is a day old: the answer signs it again. */
  renewOwner: boolean;
}

export const NOBODY: Visitor = { browser: null, renewCookie: false, conflict: false, owns: 'none', renewOwner: false };

/**
 * Every value of one cookie in a raw Cookie header, in order. Next's cookie store keeps one value per
 * name (the last), which is the planted one when a sibling subdomain adds its own: so the header is read here.
 */
function cookieValues(header: string | null, name: string): string[] {
  if (!header) return [];
  return header
    .split(';')
    .map((pair) => pair.trim())
    .filter((pair) => pair.startsWith(`${name}=`))
    .map((pair) => pair.slice(name.length + 1));
}

/**
 * The browser a request speaks for. A `__Host-` cookie can only have been set by this host over
 * https, so over https it is the only name read: a plain one may have been planted by a sibling
 * subdomain or an http page, and promoting it would credit the buyer's purchases to the planter's id.
 * The plain name is read over plain http only (localhost), where it is the name this server sets.
 * Among the values of one name, two different valid ids mean one was planted (a sibling subdomain
 * can set `Domain=` cookies, a plain-http page can too): the server cannot tell which is the buyer's,
 * since a planter can hold a cookie as old as any, so the request acts as no browser at all. Reads
 * then show nothing, writes are refused (`browser_conflict`), and nothing is credited to the planter.
 */
export function visitorFromCookies(keys: SigningKeys, header: string | null, secure: boolean, now = Date.now()): Visitor {
  for (const name of secure ? [HOST_BROWSER_COOKIE] : [HOST_BROWSER_COOKIE, BROWSER_COOKIE]) {
    const valid = cookieValues(header, name).filter((value) => browserIdFrom(keys, value) !== null);
    const ids = new Set(valid.map((value) => browserIdFrom(keys, value)));
    if (ids.size > 1) return { ...NOBODY, conflict: true };
    const [browser] = ids;
    if (browser) return { browser, renewCookie: valid.every((value) => cookieNeedsRenewal(keys, value, now)), conflict: false, ...ownership(browser) };
  }
  return NOBODY;

  function ownership(browser: string): Pick<Visitor, 'owns' | 'renewOwner'> {
    const names = secure ? [HOST_OWNER_COOKIE] : [HOST_OWNER_COOKIE, OWNER_COOKIE];
    const proofs = names.flatMap((name) => cookieValues(header, name)).map((value) => ownerProofOf(keys, value, browser, now));
    if (proofs.includes('fresh')) return { owns: 'proven', renewOwner: false };
    if (proofs.includes('stale')) return { owns: 'proven', renewOwner: true };
    return { owns: cookieValues(header, OWNS_HINT_COOKIE).length > 0 ? 'hinted' : 'none', renewOwner: false };
  }
}
