import type { SignatureStatus } from '@solana/web3.js';
import type Redis from 'ioredis';

/** One instance's look at the chain: its number (looks are counted for every instance) and the signatures it asks. */
interface BoardLook {
  look: number;
  signatures: string[];
}

/** What a look answered about a signature, and which look that was. */
interface BoardAnswer {
  look: number;
  status: SignatureStatus | null;
}

/**
 * Where instances share the signatures their visitors name and the chain's answers (Redis with REDIS_URL),
 * so one getSignatureStatuses per interval answers every instance's questions, not one per instance.
 */
export interface SignatureBoard {
  /** Queues signatures for the next look (a queued one keeps its place); answers the number of the last look taken. */
  ask(signatures: string[]): Promise<number>;
  /** This interval's look, when no other instance took it: the oldest queued signatures (at most `max`), taken off the queue. */
  takeLook(max: number): Promise<BoardLook | null>;
  publish(look: number, answers: Array<[signature: string, status: SignatureStatus | null]>): Promise<void>;
  /** The latest answer published for each of these signatures (those with none are left out). */
  answers(signatures: string[]): Promise<Map<string, BoardAnswer>>;
}

const QUEUE = 'solenema:signatures:asked';
const LOOKS = 'solenema:signatures:looks';
const LOCK = 'solenema:lock:signature-look';
const answerKey = (signature: string) => `solenema:signatures:answer:${signature}`;

/**
 * The board in Redis: a sorted set queues the signatures (oldest first), a lapsing lock gives one instance each
 * interval's look, a counter numbers the looks, and each answer is kept for `keepMs` under its signature.
 */
export function redisSignatureBoard(redis: Redis, { intervalMs, keepMs }: { intervalMs: number; keepMs: number }): SignatureBoard {
  return {
    async ask(signatures) {
      const pipeline = redis.multi();
      if (signatures.length > 0) pipeline.zadd(QUEUE, 'NX', ...signatures.flatMap((signature) => [Date.now(), signature]));
      const results = await pipeline.get(LOOKS).exec();
      return Number(results?.at(-1)?.[1] ?? 0);
    },
    async takeLook(max) {
      if ((await redis.set(LOCK, '1', 'PX', intervalMs, 'NX')) !== 'OK') return null;
      const look = await redis.incr(LOOKS);
      const signatures = await redis.zrange(QUEUE, 0, max - 1);
      if (signatures.length > 0) await redis.zrem(QUEUE, ...signatures);
      return { look, signatures };
    },
    async publish(look, answers) {
      if (answers.length === 0) return;
      const pipeline = redis.multi();
      for (const [signature, status] of answers) pipeline.set(answerKey(signature), JSON.stringify({ look, status }), 'PX', keepMs);
      await pipeline.exec();
    },
    async answers(signatures) {
      const found = new Map<string, BoardAnswer>();
      if (signatures.length === 0) return found;
      const values = await redis.mget(...signatures.map(answerKey));
      values.forEach((value, index) => value && found.set(signatures[index]!, JSON.parse(value) as BoardAnswer));
      return found;
    },
  };
}
