import fc from 'fast-check';
import { signToken } from '../../lib/identity/signed-token';
import { hostileString } from './fuzz';
import { E2E_ENTITLEMENT_SECRET } from './ports';

/** The site's cookies as an attacker could send them (e2e/fuzz-*.spec.ts): altered, forged, oversized, duplicated. */

export const BROWSER_COOKIE = 'solenema_browser';
export const OWNS_COOKIE = 'solenema_owns';
export const LEGACY_COOKIE = 'solenema_entitlements';

export const browserId = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/);
export const mint = (purpose: string, payload: unknown) => signToken(E2E_ENTITLEMENT_SECRET, purpose, payload);
export const validBrowserCookie = browserId.map((id) => mint('browser', { id }));

/** A cookie value as printable ASCII (what a cookie header may carry): other bytes of its UTF-8 become %XX. */
const cookieSafe = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((byte) => (byte > 0x20 && byte < 0x7f && byte !== 0x3b ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');

/** solenema_browser as an attacker could send it: altered, truncated, another purpose, wrong payload, 8 KB, garbage. */
export const browserCookieValue: fc.Arbitrary<string> = fc.oneof(
  validBrowserCookie,
  fc.tuple(validBrowserCookie, fc.nat(), fc.constantFrom(...'AZaz09-_.')).map(([token, at, char]) => {
    const i = at % token.length;
    return token.slice(0, i) + (token[i] === char ? 'Q' : char) + token.slice(i + 1);
  }),
  fc.tuple(validBrowserCookie, fc.nat()).map(([token, at]) => token.slice(0, at % token.length)),
  fc
    .tuple(fc.constantFrom('entitlements', 'checkout', 'media', 'restore', 'Browser', 'browser\n', ''), browserId)
    .map(([purpose, id]) => mint(purpose, { id })),
  fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('browser', payload)),
  fc.constantFrom('a', '.', 'A').map((char) => char.repeat(8 * 1024)),
  browserId.map((id) => `${mint('browser', { id })}.${mint('browser', { id })}`),
  hostileString.map((s) => cookieSafe(s).slice(0, 8 * 1024)),
);

/** The legacy list of owned paths: validly signed with odd contents, or forged. */
export const legacyCookieValue: fc.Arbitrary<string> = fc.oneof(
  fc
    .array(
      fc.oneof(
        hostileString.map((s) => s.slice(0, 300)),
        fc.constantFrom('trailers/x', 'series/a/seasons/b', '', '/', '//', 'a/b/c/d/e/f'),
      ),
      { maxLength: 5 },
    )
    .map((paths) => mint('entitlements', { paths })),
  fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('entitlements', payload)),
  fc.constantFrom('x').map(() => mint('entitlements', { paths: Array.from({ length: 201 }, (_, i) => `trailers/t${i}`) })),
  browserCookieValue,
);

export const ownsCookieValue = fc.oneof(
  fc.integer().map(String),
  fc.constantFrom('-1', '0', '1e308', 'NaN', 'Infinity', '18446744073709551616', '', '%', 'a'.repeat(8 * 1024)),
  hostileString.map((s) => cookieSafe(s).slice(0, 200)),
);

/** A whole Cookie header: the site's cookies (some, all, duplicated) plus strangers, kept under Node's 16 KB header limit. */
export const cookieHeader: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      browserCookieValue.map((v) => `${BROWSER_COOKIE}=${v}`),
      ownsCookieValue.map((v) => `${OWNS_COOKIE}=${v}`),
      legacyCookieValue.map((v) => `${LEGACY_COOKIE}=${v}`),
      fc.tuple(fc.stringMatching(/^[A-Za-z_]{1,12}$/), hostileString).map(([name, v]) => `${name}=${cookieSafe(v).slice(0, 300)}`),
      fc.constantFrom('=', ';;', 'novalue', `${BROWSER_COOKIE}`, `${BROWSER_COOKIE}=`, `=${BROWSER_COOKIE}`),
    ),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join('; '))
  .filter((header) => header.length <= 12 * 1024);
