import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { FEED_KEPT, type Asked, type Finding, type LookState, type WatchBoard } from './watch-board';

/** Checkouts nobody asked about for this long leave the board (a later poll puts them back, read from the top). */
const FORGET_AFTER_MS = 60 * 60_000;
/** Forgotten per look at most: cleaning never costs a look more than a bounded amount. */
const FORGOTTEN_PER_LOOK = 500;
/** What a look leaves is kept a day: a board that nobody uses empties itself. */
const LOOK_KEPT_MS = 24 * 60 * 60_000;
/** The longest a look may hold the lock (its calls each give up after RPC_TIMEOUT_MS): an instance that dies mid-look frees it then. */
const LOOK_HELD_MS = 60_000;
/** Shortens the lock to what is left of the interval, if it is still this look's (a lock that lapsed may be another's now). */
const FINISH_LOOK = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end return 0`;

const parsed = <T>(value: string | null | undefined): T | null => (value ? (JSON.parse(value) as T) : null);

/**
 * The board in Redis, so that every instance's polls reach the one look per interval that any of them takes:
 * hashes of what was asked and what was found per checkout (and the payment found, written once), a sorted set of
 * when each was last asked, the last look's state, a lock for the look, and the signatures seen reaching a recipient. `prefix`
 * carries the deployment and the cluster: a preview on another cluster sharing REDIS_URL reads none of it.
 */
export function redisWatchBoard(redis: Redis, prefix: string): WatchBoard {
  const key = {
    asked: `${prefix}:asked`,
    hints: `${prefix}:hints`,
    polled: `${prefix}:polled`,
    found: `${prefix}:found`,
    paid: `${prefix}:paid`,
    look: `${prefix}:look`,
    lock: `${prefix}:lock`,
    feed: `${prefix}:feed`,
    feedWanted: `${prefix}:feed-wanted`,
  };

  async function forgetStale(now: number) {
    const stale = await redis.zrangebyscore(key.polled, '-inf', now - FORGET_AFTER_MS, 'LIMIT', 0, FORGOTTEN_PER_LOOK);
    if (stale.length === 0) return;
    await redis
      .multi()
      .zrem(key.polled, ...stale)
      .hdel(key.asked, ...stale)
      .hdel(key.hints, ...stale)
      .hdel(key.found, ...stale)
      .hdel(key.paid, ...stale)
      .exec();
  }

  /** A finding with the payment found for it, which no later write can take back (claimed only if the claim was of that one). */
  const withPaid = (finding: Finding | null, paid: string | null | undefined): Finding | null =>
    paid ? { ...finding, paidBy: paid, claimed: finding?.paidBy === paid && finding.claimed === true } : finding;
  const token = randomUUID();

  return {
    async ask(reference, asked, hint, now) {
      const pipeline = redis.multi().hset(key.asked, reference, JSON.stringify(asked)).zadd(key.polled, now, reference);
      if (hint) pipeline.hset(key.hints, reference, hint);
      const results = await pipeline.hget(key.found, reference).hget(key.paid, reference).exec();
      return withPaid(parsed<Finding>(results?.at(-2)?.[1] as string | null), results?.at(-1)?.[1] as string | null);
    },
    async finding(reference) {
      const [found, paid] = (await redis.multi().hget(key.found, reference).hget(key.paid, reference).exec()) ?? [];
      return withPaid(parsed<Finding>(found?.[1] as string | null), paid?.[1] as string | null);
    },
    lookState: async () => parsed<LookState>(await redis.get(key.look)),
    takeLook: async () => (await redis.set(key.lock, token, 'PX', LOOK_HELD_MS, 'NX')) === 'OK',
    async finishLook(startedAt, intervalMs, now) {
      await redis.eval(FINISH_LOOK, 1, key.lock, token, String(Math.max(1, startedAt + intervalMs - now)));
    },
    async open(since, max) {
      const scored = await redis.zrevrangebyscore(key.polled, '+inf', since, 'WITHSCORES', 'LIMIT', 0, max);
      const references = scored.filter((_, index) => index % 2 === 0);
      if (references.length === 0) return [];
      const [asked, hints, found, paid] = await Promise.all([
        redis.hmget(key.asked, ...references),
        redis.hmget(key.hints, ...references),
        redis.hmget(key.found, ...references),
        redis.hmget(key.paid, ...references),
      ]);
      return references.flatMap((reference, index) => {
        const entry = parsed<Omit<Asked, 'polledAt'>>(asked[index]);
        return entry
          ? [
              {
                reference,
                asked: { ...entry, polledAt: Number(scored[2 * index + 1]) },
                hint: hints[index] ?? undefined,
                finding: withPaid(parsed<Finding>(found[index]), paid[index]) ?? {},
              },
            ]
          : [];
      });
    },
    async saveLook(state, findings) {
      const pipeline = redis.multi().set(key.look, JSON.stringify(state), 'PX', LOOK_KEPT_MS);
      for (const [reference, finding] of findings) {
        pipeline.hset(key.found, reference, JSON.stringify(finding));
        if (finding.paidBy) pipeline.hsetnx(key.paid, reference, finding.paidBy);
      }
      await pipeline.exec();
      await forgetStale(state.lookedAt);
    },
    async addToFeed(signatures) {
      if (signatures.length === 0) return;
      const now = Date.now();
      await redis
        .multi()
        .zadd(key.feed, 'NX', ...signatures.flatMap((signature, index) => [now + index / signatures.length, signature]))
        .zremrangebyrank(key.feed, 0, -(FEED_KEPT + 1))
        .exec();
    },
    async wantFeed(until) {
      const current = Number(await redis.get(key.feedWanted)) || 0;
      if (until > current) await redis.set(key.feedWanted, String(until), 'PX', Math.max(1, until - Date.now()));
    },
    feedWantedUntil: async () => Number(await redis.get(key.feedWanted)) || -Infinity,
    async inFeed(signatures) {
      if (signatures.length === 0) return new Set();
      const scores = await redis.zmscore(key.feed, ...signatures);
      return new Set(signatures.filter((_, index) => scores[index] !== null));
    },
  };
}

/**
 * The shared board while Redis answers, this instance's own while it fails: payments keep being found, each
 * instance then looking for its own polls, as without REDIS_URL.
 */
export function boardWithFallback(shared: WatchBoard, own: WatchBoard, onFailure: (error: unknown) => void): WatchBoard {
  const guarded = {} as WatchBoard;
  for (const name of Object.keys(own) as (keyof WatchBoard)[]) {
    const method = async (...args: unknown[]) => {
      try {
        return await (shared[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      } catch (error) {
        onFailure(error);
        return (own[name] as (...a: unknown[]) => Promise<unknown>)(...args);
      }
    };
    Object.assign(guarded, { [name]: method });
  }
  return guarded;
}
