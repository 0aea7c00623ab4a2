import 'server-only';
import type { NextResponse } from 'next/server';
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { errorResponse } from './json';

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
} as const satisfies Record<string, { points: number; what: string }>;

export type Bucket = keyof typeof BUDGETS;

const WINDOW_SECONDS = 60;
const MAX_KEY_LENGTH = 100;

/**
 * In memory, per server instance. To share the counts across instances (several Vercel functions),
 * return a RateLimiterRedis here instead (rate-limiter-flexible, with an Upstash or any Redis client)
 * with the same points and duration: see the README's "Rate limits".
 */
function createLimiter(bucket: Bucket): RateLimiterAbstract {
  return new RateLimiterMemory({ keyPrefix: bucket, points: BUDGETS[bucket].points, duration: WINDOW_SECONDS });
}

const limiters = new Map<Bucket, RateLimiterAbstract>();
const limiterFor = (bucket: Bucket) => limiters.get(bucket) ?? limiters.set(bucket, createLimiter(bucket)).get(bucket)!;

/**
 * Who is asking: the right-most X-Forwarded-For entry, the one address the nearest trusted hop saw.
 * On Vercel that is the client's IP (Vercel replaces the header); behind your own proxy it is the
 * hop that proxy saw. `next start` alone only fills the header in when the client sent none, so a
 * site exposed without a proxy in front lets a client pick its own key.
 */
export function clientKey(request: Request): string {
  const forwarded = request.headers.get('x-forwarded-for') ?? '';
  const last = forwarded.split(',').pop()?.trim() ?? '';
  return (last || request.headers.get('x-real-ip')?.trim() || 'unknown').slice(0, MAX_KEY_LENGTH);
}

/**
 * Counts one request of this client against the bucket's budget: null while within it, else a 429
 * answer with Retry-After (seconds) and a JSON reason. A failing shared store lets requests through
 * (logged) rather than taking payments down with it.
 */
export async function rateLimit(request: Request, bucket: Bucket): Promise<NextResponse | null> {
  try {
    await limiterFor(bucket).consume(clientKey(request));
    return null;
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) {
      console.error(`[rate-limit] ${bucket}: the limiter failed, letting the request through`, rejection);
      return null;
    }
    const seconds = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    const { points, what } = BUDGETS[bucket];
    const response = errorResponse(
      429,
      `Too many ${what} from this address (at most ${points} a minute). Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    );
    response.headers.set('Retry-After', String(seconds));
    return response;
  }
}
