import 'server-only';
import Redis from 'ioredis';
import { env } from '../env/server';
import { describeFailure } from '../failure';

/**
 * Short on purpose: every use of Redis sits in front of a visitor's request, and each has a fallback
 * (memory limits, the local throttle), so a slow or unreachable Redis costs a request at most this.
 */
const CONNECT_TIMEOUT_MS = 1_000;
const COMMAND_TIMEOUT_MS = 500;
/** Reconnects back off up to this, forever: Redis coming back is picked up without a restart. */
const MAX_RECONNECT_DELAY_MS = 5_000;
/** An outage is logged once per this, not once per request. */
const LOG_EVERY_MS = 60_000;

let client: Redis | null | undefined;
let loggedAt = -Infinity;

function logFailure(error: unknown) {
  if (Date.now() - loggedAt < LOG_EVERY_MS) return;
  loggedAt = Date.now();
  console.error(`[redis] unreachable or failing; limits fall back to this instance alone until it answers: ${describeFailure(error)}`);
}

/**
 * Commands wait for the connection only while the first one is being made, so an instance's first
 * requests count in Redis too; once it was up (or failed), a command sent while Redis is away fails
 * at once and the caller falls back, instead of every request waiting for a reconnect.
 */
function queueOnlyUntilFirstConnection(redis: Redis): Redis {
  const stopQueueing = () => {
    redis.options.enableOfflineQueue = false;
  };
  return redis.once('ready', stopQueueing).once('error', stopQueueing);
}

function connect(url: string): Redis {
  const redis = new Redis(url, {
    connectTimeout: CONNECT_TIMEOUT_MS,
    commandTimeout: COMMAND_TIMEOUT_MS,
    // A command queued during the first connection fails after one reconnect attempt, not the default 20.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
  return queueOnlyUntilFirstConnection(redis.on('error', logFailure));
}

/**
 * The one Redis connection of this instance, or null without REDIS_URL. Made on first use, never at
 * import, so a build or a page that needs no limit opens no connection.
 */
export function sharedRedis(): Redis | null {
  if (client === undefined) client = env.REDIS_URL ? connect(env.REDIS_URL) : null;
  return client;
}

/** What this deployment's keys are filed under (REDIS_NAMESPACE in lib/env/schema.ts). */
const namespace = env.REDIS_NAMESPACE ?? (env.VERCEL_ENV === 'production' ? 'production' : (env.VERCEL_DEPLOYMENT_ID ?? 'site'));

/** A Redis key of this deployment: no other deployment sharing REDIS_URL reads or writes it. */
export const redisKey = (...parts: string[]) => ['solenema', namespace, ...parts].join(':');

/** Reports a failed command the same way as a failed connection: rarely, and never to the visitor. */
export const reportRedisFailure = logFailure;

/**
 * A lock that lapses by itself after `ttlMs` (SET NX PX): true when this caller took it, false when
 * another instance holds it. Without Redis, or while it fails, true: the caller's own local
 * throttle then applies alone, as on a single instance.
 */
export async function takeLapsingLock(key: string, ttlMs: number): Promise<boolean> {
  const redis = sharedRedis();
  if (!redis) return true;
  try {
    return (await redis.set(redisKey('lock', key), '1', 'PX', ttlMs, 'NX')) === 'OK';
  } catch (error) {
    logFailure(error);
    return true;
  }
}
