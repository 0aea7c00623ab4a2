import 'server-only';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { reportRedisFailure, sharedRedis } from './redis';

export interface LimitTerms {
  /** Names the counter; keys of different limits never meet, in memory or in a shared Redis. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** An instance's first requests, before its connection is up: counted in memory, and nothing is wrong. */
const STARTING = new Set(['wait', 'connecting', 'connect']);

/** Stands in while Redis fails: counts on this instance alone, and says so in the log (rarely). */
class InsuranceLimiter extends RateLimiterMemory {
  constructor(
    terms: ConstructorParameters<typeof RateLimiterMemory>[0],
    private readonly redis: Redis,
  ) {
    super(terms);
  }

  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    if (!STARTING.has(this.redis.status)) reportRedisFailure(new Error(`a limit was counted in memory: Redis is ${this.redis.status}`));
    return super.consume(...args);
  }
}

/**
 * A counter shared by every instance through Redis when REDIS_URL is set, else kept by this instance.
 * While Redis is down or not yet connected, each instance counts alone (rate-limiter-flexible's
 * insurance limiter) rather than letting everything through or refusing everyone: a limit still
 * holds per instance, and payments keep working.
 */
export function sharedLimiter({ name, points, durationSeconds }: LimitTerms): RateLimiterAbstract {
  const terms = { keyPrefix: `solenema:${name}`, points, duration: durationSeconds };
  const redis = sharedRedis();
  if (!redis) return new RateLimiterMemory(terms);
  // Not ready (connecting, reconnecting): straight to memory, so an outage adds no wait to a request.
  return new RateLimiterRedis({ ...terms, storeClient: redis, rejectIfRedisNotReady: true, insuranceLimiter: new InsuranceLimiter(terms, redis) });
}

/** The limiter, made on its first use: importing a module that limits opens no connection (builds, pages). */
export function lazyLimiter(terms: LimitTerms): () => RateLimiterAbstract {
  let limiter: RateLimiterAbstract | undefined;
  return () => (limiter ??= sharedLimiter(terms));
}

export type Spent = { ok: true } | { ok: false; msBeforeNext: number };

/**
 * Spends points of `key`'s budget: refused with the wait once it is used up. Should the limiter
 * itself fail (even its insurance), the request is let through and logged: a limit never takes
 * payments down.
 */
export async function spend(limiter: RateLimiterAbstract, key: string, points = 1): Promise<Spent> {
  try {
    await limiter.consume(key, points);
    return { ok: true };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return { ok: false, msBeforeNext: rejection.msBeforeNext };
    console.error(`[limits] ${limiter.keyPrefix}: the limiter failed, letting the request through`, rejection);
    return { ok: true };
  }
}
