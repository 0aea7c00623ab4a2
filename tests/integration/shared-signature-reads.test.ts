import type { SignatureStatus } from '@solana/web3.js';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type LocalRedis } from '@/e2e/support/redis';
import { redisSignatureBoard } from '@/lib/payments/signature-board';
import { signatureReads } from '@/lib/payments/signature-reads';

const INTERVAL = 250;
const confirmed: SignatureStatus = { slot: 1, confirmations: null, err: null, confirmationStatus: 'confirmed' };

/** One chain every instance asks, counting getSignatureStatuses calls; it knows the signatures in `known`. */
function countingChain() {
  const known = new Set<string>();
  const calls: number[] = [];
  const connection = {
    getSignatureStatuses: async (signatures: string[]) => {
      calls.push(signatures.length);
      return { context: { slot: 1 }, value: signatures.map((signature) => (known.has(signature) ? confirmed : null)) };
    },
    getParsedTransaction: async () => null,
  };
  return { known, calls, connection };
}

let redis: LocalRedis;
const clients: Redis[] = [];

/** An instance of the site: its own Redis client and its own signature reads, over the one chain. */
function instance(chain: ReturnType<typeof countingChain>, namespace: string) {
  const client = new Redis(redis.url, { keyPrefix: `${namespace}:` });
  clients.push(client);
  const board = redisSignatureBoard(client, { intervalMs: INTERVAL, keepMs: 30_000 });
  return signatureReads({ connection: chain.connection, intervalMs: INTERVAL, board: () => board });
}

beforeAll(async () => {
  redis = await startRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await redis?.stop();
});

describe('with REDIS_URL, the signatures every instance is asked share one look per interval', () => {
  it('two instances asked made-up signatures all the time cost the chain what one does, and a real payment asked on either is confirmed', async () => {
    const chain = countingChain();
    const [a, b] = [instance(chain, 'two'), instance(chain, 'two')];
    chain.known.add('real-payment');
    const started = Date.now();
    const junk: Array<Promise<SignatureStatus | null>> = [];
    // Both instances are asked new made-up signatures every 50 ms for eight intervals.
    for (let n = 0; Date.now() - started < 8 * INTERVAL; n += 1) {
      junk.push(a.statusOf(`made-up-a-${n}`), b.statusOf(`made-up-b-${n}`));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const paid = a.statusOf('real-payment');
    expect(await paid).toEqual(confirmed);
    expect((await Promise.all(junk)).every((status) => status === null)).toBe(true);
    const intervals = Math.ceil((Date.now() - started) / INTERVAL);
    // One look per interval for both together: each instance on its own would make one per interval (twice as many).
    expect(chain.calls.length).toBeLessThanOrEqual(intervals + 1);
    // A question requeued at the moment another instance's look answered it may be asked once more, rarely.
    expect(chain.calls.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual((junk.length + 1) * 1.5);
  });

  it('gives a question only an answer looked up after it was asked, never an older one', async () => {
    const chain = countingChain();
    const [a, b] = [instance(chain, 'fresh'), instance(chain, 'fresh')];
    // Asked before the transaction landed: the chain knows nothing of it yet.
    expect(await a.statusOf('sent-just-now')).toBeNull();
    chain.known.add('sent-just-now');
    expect(await b.statusOf('sent-just-now')).toEqual(confirmed);
  });

  it('looks on its own while the board fails', async () => {
    const chain = countingChain();
    chain.known.add('real-payment');
    const failures: unknown[] = [];
    const broken = {
      ask: async () => Promise.reject(new Error('redis down')),
      takeLook: async () => null,
      publish: async () => {},
      answers: async () => new Map(),
    };
    const alone = signatureReads({ connection: chain.connection, intervalMs: INTERVAL, board: () => broken, onBoardFailure: (error) => failures.push(error) });
    expect(await alone.statusOf('real-payment')).toEqual(confirmed);
    expect(chain.calls).toEqual([1]);
    expect(failures).toHaveLength(1);
  });
});
