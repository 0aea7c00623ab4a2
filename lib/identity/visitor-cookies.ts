import 'server-only';
import { headers } from 'next/headers';
import type { NextResponse } from 'next/server';
import {
  BROWSER_COOKIE,
  HOST_BROWSER_COOKIE,
  HOST_OWNER_COOKIE,
  OWNER_COOKIE,
  OWNS_HINT_COOKIE,
  browserCookieValue,
  cookieOptions,
  newBrowserId,
  ownerProofValue,
} from './browser-cookie';
import { signingSecret } from './signing-secret';
import { visitorFromCookies, type Visitor } from './visitor';

/** Over https as the browser addressed the site (Vercel and proxies say so in x-forwarded-proto). */
const overHttps = (forwardedProto: string | null, url?: string) =>
  forwardedProto?.split(',')[0]?.trim() === 'https' || (url !== undefined && new URL(url).protocol === 'https:');

/** The browser this request speaks for (lib/identity/visitor.ts): pages and routes alike. */
export async function currentVisitor(): Promise<Visitor> {
  const sent = await headers();
  return visitorFromCookies(signingSecret, sent.get('cookie'), overHttps(sent.get('x-forwarded-proto')));
}

/** This request's Cookie header and whether it came over https: pages and routes alike. */
export async function currentCookies(): Promise<{ header: string | null; secure: boolean }> {
  const sent = await headers();
  return { header: sent.get('cookie'), secure: overHttps(sent.get('x-forwarded-proto')) };
}

/**
 * The browser a state-changing request acts for: the cookie's, or a new one when the request carries
 * none that is valid. Pass the answer to `keepBrowserCookie`: a valid cookie is never replaced.
 */
export const visitorOrNew = (visitor: Visitor) => visitor.browser ?? newBrowserId();

export const isHttps = (request: Request) => overHttps(request.headers.get('x-forwarded-proto'), request.url);

/**
 * Sets the browser cookie when the request had no valid one, and signs the same id again when it was
 * a day old or signed with a rotated-out key: the id never changes, the year it lasts starts again.
 * Over https it is `__Host-` (Secure, host-only, Path=/).
 */
export function keepBrowserCookie(response: NextResponse, request: Request, visitor: Visitor, browser: string) {
  if (visitor.renewOwner && visitor.browser === browser) markOwner(response, request, browser);
  if (visitor.browser && !visitor.renewCookie) return;
  const secure = isHttps(request);
  response.cookies.set(secure ? HOST_BROWSER_COOKIE : BROWSER_COOKIE, browserCookieValue(signingSecret, browser), cookieOptions(secure));
}

/**
 * Remembers in this browser that it was granted something: the signed, http-only proof the server reads (without
 * it, "owns nothing" costs no read), and a readable hint telling the page that asking is worth a request.
 */
export function markOwner(response: NextResponse, request: Request, browser: string) {
  const secure = isHttps(request);
  response.cookies.set(secure ? HOST_OWNER_COOKIE : OWNER_COOKIE, ownerProofValue(signingSecret, browser), cookieOptions(secure));
  response.cookies.set(OWNS_HINT_COOKIE, '1', cookieOptions(secure, false));
}
