import 'server-only';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { refuse, waitPhrase, type Refusal } from '../errors';
import { env } from '../env/server';
import { UNTRUSTED_CLIENT, clientKeyOf } from './client-key';
import { giveBack, lazyLimiter, spend } from './limiter';

/**
 * Per-client budgets, in requests per minute: generous for a person clicking through a purchase or
 * a restore (and for the browser finishing a few pending payments on load), tight for a script.
 * A client is its signed browser cookie where it sends one, else its address (see limitKeys).
 */
export const BUDGETS = {
  checkout: { points: 20, what: 'checkouts' },
  verify: { points: 30, what: 'payment verifications' },
  // A wallet asking a checkout's transaction: once per scan, again when its blockhash expired.
  'transaction-request': { points: 30, what: 'payment transaction requests' },
  // A Blink client unfurling a title's post: its answer is cached a minute, so a client asks a few times at most.
  action: { points: 60, what: 'Blink requests' },
  // Studio codes typed in the pay dialog, per address whatever the cookie (cookies are free): a person mistypes a few, a script guesses.
  code: { points: 30, what: 'code tries' },
  'restore-challenge': { points: 10, what: 'restore requests' },
  restore: { points: 10, what: 'restore attempts' },
  revalidate: { points: 10, what: 'refresh requests' },
  // A Solana Pay checkout page polling for its transfer every few seconds.
  'purchase-status': { points: 60, what: 'purchase status checks' },
  // Every page load of a buyer asks: a person browsing fast stays well under.
  entitlements: { points: 120, what: 'library requests' },
  // One per video played, and one per renewal while it plays.
  playback: { points: 120, what: 'playback link requests' },
  // A player seeking through a video sends a range request per jump, several per second while scrubbing.
  media: { points: 600, what: 'video requests' },
  // What a visitor's page reports for the studio's figures: a pay dialog opened, a play started or finished.
  events: { points: 60, what: 'viewing reports' },
  // The studio's sign-in and its pages' questions: an operator clicking through.
  studio: { points: 30, what: 'studio requests' },
  // Share-card images: crawlers fetch a few, and caches keep them for a day.
  og: { points: 60, what: 'share-card requests' },
} as const satisfies Record<string, { points: number; what: string }>;

export type Bucket = keyof typeof BUDGETS;

const WINDOW_SECONDS = 60;

/** Shared across instances with REDIS_URL (lib/http/limiter.ts). */
const limiters = Object.fromEntries(
  Object.entries(BUDGETS).map(([bucket, { points }]) => [bucket, lazyLimiter({ name: `rate:${bucket}`, points, durationSeconds: WINDOW_SECONDS })]),
) as Record<Bucket, () => RateLimiterAbstract>;

let warnedShared = false;

/** Who is asking, as far as TRUSTED_PROXY_HOPS and the platform vouch for it (lib/http/client-key.ts). */
export function clientKey(request: Request): string {
  const key = clientKeyOf(request, { hops: env.TRUSTED_PROXY_HOPS, vercel: env.VERCEL === '1' });
  if (key === UNTRUSTED_CLIENT && env.NODE_ENV === 'production' && !warnedShared) {
    warnedShared = true;
    console.warn(
      '[rate-limit] no trusted client address (TRUSTED_PROXY_HOPS=0, not on Vercel): visitors without a browser cookie share one budget. ' +
        'Set TRUSTED_PROXY_HOPS to the number of proxies in front of the site.',
    );
  }
  return key;
}

export interface LimitKeys {
  /** The budget this request is charged to: its browser's, or its address's without a cookie. */
  own: string;
}

/**
 * A browser holding a cookie this server signed is charged to its own budgets alone: behind one address
 * (a carrier NAT, an office) other browsers' traffic or junk cannot spend them, and the cheap checks
 * before the limit already refused whatever is malformed. The address pays for requests without a
 * cookie, and so for every new browser id (only such a request is given one): minting cookies is
 * limited per address. Without a trusted address every cookieless client shares one budget.
 */
export function limitKeys(request: Request, browser: string | null): LimitKeys {
  return { own: browser ? `browser:${browser}` : `client:${clientKey(request)}` };
}

/**
 * Who a request stands for when the site shares out what no request may multiply (the looks at the chain): its
 * address where the deployment vouches for one, since cookies are free and one client may hold hundreds;
 * else its browser (behind an untrusted proxy every address would read the same, and one client could take
 * everyone's share).
 */
export function fairnessKey(request: Request, browser: string): string {
  const address = vouchedAddress(request);
  return address ? `client:${address}` : `browser:${browser}`;
}

/** Counts one request against the bucket's budget: null while within it, else a rate_limited refusal naming the wait. */
export async function chargeLimit(bucket: Bucket, keys: LimitKeys): Promise<Refusal | null> {
  const { points, what } = BUDGETS[bucket];
  const spent = await spend(limiters[bucket](), keys.own);
  if (spent.ok) return null;
  const from = keys.own.startsWith('browser:') ? 'this browser' : 'this address';
  return refuse(
    'rate_limited',
    `Too many ${what} from ${from} (at most ${points} a minute). Try again in ${waitPhrase(spent.msBeforeNext)}.`,
    spent.msBeforeNext,
  );
}

/**
 * New browser ids (cookies) one address may be given: a household's screens and a private window or two an hour,
 * not a script's hundreds (every id would count as a viewer of its own). Refused requests are given none (lib/api/route.ts).
 */
export const NEW_BROWSERS = { points: 20, windowSeconds: 10 * 60 } as const;
const newBrowsers = lazyLimiter({ name: 'new-browsers', points: NEW_BROWSERS.points, durationSeconds: NEW_BROWSERS.windowSeconds });

/**
 * Charges a new browser id to the request's address: null while within NEW_BROWSERS, else a rate_limited refusal.
 * Without an address the deployment vouches for, nothing is charged: every client would share one allowance, and
 * the routes' own cookieless budgets already bound them together.
 */
export async function chargeNewBrowser(request: Request): Promise<Refusal | null> {
  const address = vouchedAddress(request);
  if (!address) return null;
  const spent = await spend(newBrowsers(), `client:${address}`);
  if (spent.ok) return null;
  return refuse(
    'rate_limited',
    `Too many new browsers from this address (at most ${NEW_BROWSERS.points} in ${NEW_BROWSERS.windowSeconds / 60} minutes). Try again in ${waitPhrase(spent.msBeforeNext)}.`,
    spent.msBeforeNext,
  );
}

/** A charged new browser id that was not given (the request was refused): the address keeps it. */
export async function giveBackNewBrowser(request: Request): Promise<void> {
  const address = vouchedAddress(request);
  if (address) await giveBack(newBrowsers(), `client:${address}`);
}

/** The address a deployment vouches for, or null (lib/figures counts browsers per address with it). */
export function vouchedAddress(request: Request): string | null {
  const client = clientKey(request);
  return client === UNTRUSTED_CLIENT ? null : client;
}
