import 'server-only';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { redisKey, reportRedisFailure, sharedRedis } from './redis';
import { describeFailure } from '../failure';

export interface LimitTerms {
  /** Names the counter; keys of different limits never meet, in memory or in a shared Redis. */
  name: string;
  points: number;
  durationSeconds: number;
}

/** Stands in while Redis fails: counts on this instance alone, and says so in the log (rarely). */
class InsuranceLimiter extends RateLimiterMemory {
  override consume(...args: Parameters<RateLimiterMemory['consume']>) {
    reportRedisFailure(new Error('a limit was counted in memory: Redis did not answer'));
    return super.consume(...args);
  }
}

/**
 * A counter shared by every instance through Redis when REDIS_URL is set, else kept by this instance.
 * While Redis is down, each instance counts alone (rate-limiter-flexible's
 * insurance limiter) rather than letting everything through or refusing everyone: a limit still
 * holds per instance, and payments keep working.
 */
function sharedLimiter({ name, points, durationSeconds }: LimitTerms): RateLimiterAbstract {
  const terms = { keyPrefix: redisKey(name), points, duration: durationSeconds };
  const redis = sharedRedis();
  if (!redis) return new RateLimiterMemory(terms);
  return new RateLimiterRedis({ ...terms, storeClient: redis, insuranceLimiter: new InsuranceLimiter(terms) });
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
    console.error(`[limits] ${limiter.keyPrefix}: the limiter failed, letting the request through: ${describeFailure(rejection)}`);
    return { ok: true };
  }
}

/** Gives points back to `key`'s budget (what a refused request spent and did not use); a failing limiter is only logged. */
export async function giveBack(limiter: RateLimiterAbstract, key: string, points = 1): Promise<void> {
  await limiter
    .reward(key, points)
    .catch((error: unknown) => console.error(`[limits] ${limiter.keyPrefix}: could not give points back: ${describeFailure(error)}`));
}
