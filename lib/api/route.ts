import 'server-only';
import { NextResponse } from 'next/server';
import type { z } from 'zod';
import { env } from '../env/server';
import { readJsonBody } from '../http/json';
import { chargeLimit, chargeNewBrowser, giveBackNewBrowser, limitKeys, type Bucket } from '../http/client-budgets';
import { crossSiteReason } from '../http/same-origin';
import { NOBODY, type Visitor } from '../identity/visitor';
import { currentVisitor, keepBrowserCookie, markOwner, visitorOrNew } from '../identity/visitor-cookies';
import { refuse, type Refusal } from '../errors';
import type { Reply } from '../http/reply';
import { refusalResponse, replyResponse } from './responses';

/**
 * Which browser a route acts for. `none`: it needs none (revalidate). `optional`: the cookie's, if any
 * (reads). `required`: refused without one (a payment belongs to the browser that started it). `new`:
 * the cookie's, or a new one set on the answer (checkout, restore).
 */
type BrowserNeed = 'none' | 'optional' | 'required' | 'new';
type BrowserOf<N extends BrowserNeed> = N extends 'required' | 'new' ? string : string | null;

/** What the cheap checks see: enough to refuse junk before any budget is charged. */
interface Precheck<P> {
  request: Request;
  params: P;
  visitor: Visitor;
}

interface RouteContext<B, P, N extends BrowserNeed, V> extends Precheck<P> {
  body: B;
  browser: BrowserOf<N>;
  /** What the precheck vouched for (a playback link's claim): checked once, before the budget, and handed on. */
  vouched: V | null;
}

interface RouteSpec<S extends z.ZodType | undefined, P, N extends BrowserNeed, V> {
  /** The rate-limit bucket, charged only once every cheap check passed. */
  limit: Bucket;
  /** `address`: charged to the client's address even with a browser cookie (guessing, where cookies are free to mint). */
  limitPer?: 'address';
  /** Requests no client pays for: the server's calls to itself, which share no visitor's budget. */
  unmetered?: (request: Request) => boolean;
  browser: N;
  /** A state-changing route: refused unless it comes from this site's pages (lib/http/same-origin.ts). */
  sameOrigin?: boolean;
  body?: S;
  /** An empty body stands for `{}` (revalidate without a list). */
  optionalBody?: boolean;
  /** Cheap refusals that cost no budget: a query's shape, a token's signature, a bearer secret. A pass may carry what it read. */
  precheck?: (input: Precheck<P>) => Refusal | V | null;
  /** Why `required` refuses a request without a browser cookie. */
  noBrowser?: string;
  /** Names the route in the log when the handler fails unexpectedly. */
  name: string;
  /** What the visitor reads then (503): what is safe, and what to do. */
  unavailable: string;
}

type Handler<S extends z.ZodType | undefined, P, N extends BrowserNeed, V> = (
  context: RouteContext<S extends z.ZodType ? z.output<S> : undefined, P, N, V>,
) => Promise<Response | Reply | Refusal>;

/** Next's second argument to a route handler; routes without dynamic segments get no params worth reading. */
interface NextContext<P> {
  params: Promise<P>;
}

const CONFLICT =
  'This browser sent two different Solenema cookies (another site on this domain may have set one), so it acts as neither. ' +
  'Clear this site’s cookies, then restore your purchases from your wallet.';

/** A JSON answer that is never cached: every API answer is about one browser or one moment. */
export const answer = (data: unknown, cacheControl = 'no-store') => NextResponse.json(data, { headers: { 'Cache-Control': cacheControl } });

/** Done, nothing to say (a report the page does not wait on). */
export const noContent = () => new NextResponse(null, { status: 204, headers: { 'Cache-Control': 'no-store' } });

/** An answer that also remembers in this browser that it owns something: a payment, a restore (identity/visitor-cookies.ts). */
export function ownerAnswer(request: Request, browser: string, data: unknown, cacheControl?: string) {
  const response = answer(data, cacheControl);
  markOwner(response, request, browser);
  return response;
}

/**
 * One pipeline for every API route (as dub's withWorkspace): the cheap checks first, in order: origin,
 * the route's own precheck (a bearer, a token), content type and body, the browser cookie; only then the rate limit,
 * charged to the browser (or the address without one), so junk never spends anyone's budget; a new browser id is
 * charged to the address too (lib/http/client-budgets.ts, NEW_BROWSERS) and set only on a successful answer. The
 * handler returns a Response, or a Reply or a Refusal as data (lib/api/responses.ts sends them): every check
 * refuses the same way, with a Refusal. Anything it throws is logged and answered 503 with the route's reassurance. The browser
 * cookie is set or slid on the way out, never replaced.
 */
export function apiRoute<
  P = Record<string, string>,
  N extends BrowserNeed = BrowserNeed,
  S extends z.ZodType | undefined = undefined,
  V extends { ok: true } = never,
>(spec: RouteSpec<S, P, N, V>, handler: Handler<S, P, N, V>) {
  return async (request: Request, next: NextContext<P>): Promise<Response> => {
    // A new browser id charged to the address, given back unless the answer carries its cookie: refusals mint none.
    let minting: 'no' | 'charged' | 'given' = 'no';
    try {
      const crossSite = spec.sameOrigin ? crossSiteReason(request, env.NEXT_PUBLIC_SITE_URL) : null;
      if (crossSite) return refusalResponse(refuse('cross_site', crossSite));
      const visitor = spec.browser === 'none' ? NOBODY : await currentVisitor();
      const params = await next.params;
      const vouched = spec.precheck?.({ request, params, visitor }) ?? null;
      if (vouched && !vouched.ok) return refusalResponse(vouched);
      let body: unknown;
      if (spec.body) {
        const read = await readJsonBody(request, spec.body, { optional: spec.optionalBody });
        if (!read.ok) return refusalResponse(read);
        body = read.data;
      }
      const refused = browserRefusal(spec, visitor);
      if (refused) return refusalResponse(refused);
      const keys = limitKeys(request, spec.limitPer === 'address' ? null : visitor.browser);
      const limited = spec.unmetered?.(request) ? null : await chargeLimit(spec.limit, keys);
      if (limited) return refusalResponse(limited);
      if (spec.browser === 'new' && !visitor.browser) {
        const refusedNew = await chargeNewBrowser(request);
        if (refusedNew) return refusalResponse(refusedNew);
        minting = 'charged';
      }
      const browser = spec.browser === 'new' ? visitorOrNew(visitor) : visitor.browser;
      // The spec's body schema and browser need decide these two types; TypeScript cannot follow that through the checks above.
      const context = { request, params, visitor, body, browser, vouched } as RouteContext<S extends z.ZodType ? z.output<S> : undefined, P, N, V>;
      const answered = await handler(context);
      const response = answered instanceof Response ? answered : replyResponse(answered);
      // A reply with a body (a paid file's bytes, a playlist, a key) is a plain Response: its cookie is kept by the page's other requests.
      if (browser && response instanceof NextResponse && (minting === 'no' || response.ok)) {
        keepBrowserCookie(response, request, visitor, browser);
        if (minting === 'charged') minting = 'given';
      }
      return response;
    } catch (error) {
      console.error(`[${spec.name}]`, error);
      return refusalResponse(refuse('unavailable', spec.unavailable));
    } finally {
      if (minting === 'charged') await giveBackNewBrowser(request);
    }
  };
}

/** A browser cookie the route cannot act on: two different ones (one planted), or none where a purchase needs one. */
function browserRefusal(spec: { browser: BrowserNeed; noBrowser?: string }, visitor: Visitor): Refusal | null {
  const needsBrowser = spec.browser === 'required' || spec.browser === 'new';
  if (needsBrowser && visitor.conflict) return refuse('browser_conflict', CONFLICT);
  // Not `forbidden`: a request without the cookie says nothing about the checkout, whose payment its browser keeps.
  if (spec.browser === 'required' && !visitor.browser) return refuse('unauthenticated', spec.noBrowser ?? 'This browser has no purchase here.');
  return null;
}
