import 'server-only';
import type { NextResponse } from 'next/server';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import { env } from '../env/server';
import { UNTRUSTED_CLIENT, clientKeyOf } from './client-key';
import { errorResponse } from './json';
import { lazyLimiter, spend } from './limiter';

/**
 * Per-client budgets, in requests per minute: generous for a person clicking through a purchase or
 * a restore (and for the browser finishing a few pending payments on load), tight for a script.
 */
export const BUDGETS = {
  checkout: { points: 20, what: 'checkouts' },
  verify: { points: 30, what: 'payment verifications' },
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
      '[rate-limit] no trusted client address (TRUSTED_PROXY_HOPS=0, not on Vercel): every client shares one budget. ' +
        'Set TRUSTED_PROXY_HOPS to the number of proxies in front of the site.',
    );
  }
  return key;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "42 seconds", "15 minutes", "23 hours": a wait a person reads (Retry-After keeps the seconds). */
function waitPhrase(seconds: number) {
  if (seconds < 120) return plural(seconds, 'second');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** A 429 with Retry-After (whole seconds, at least 1) and a JSON reason that names the wait. */
export function tooMany(reason: (wait: string) => string, msBeforeNext: number) {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const response = errorResponse(429, reason(waitPhrase(seconds)));
  response.headers.set('Retry-After', String(seconds));
  return response;
}

/**
 * Counts one request of this client against the bucket's budget: null while within it, else a 429
 * answer with Retry-After (seconds) and a JSON reason. A failing Redis hands over to memory, and a
 * failing limiter lets the request through (lib/http/limiter.ts).
 */
export async function rateLimit(request: Request, bucket: Bucket): Promise<NextResponse | null> {
  const spent = await spend(limiters[bucket](), clientKey(request));
  if (spent.ok) return null;
  const { points, what } = BUDGETS[bucket];
  return tooMany((wait) => `Too many ${what} from this address (at most ${points} a minute). Try again in ${wait}.`, spent.msBeforeNext);
}
