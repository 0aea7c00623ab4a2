import type { ParsedTransactionWithMeta, SignatureStatus } from '@solana/web3.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signatureReads } from '@/lib/payments/signature-reads';

const INTERVAL = 2_000;
const confirmed: SignatureStatus = { slot: 1, confirmations: null, err: null, confirmationStatus: 'confirmed' };
const realSignature = (n: number) => `real-${n}`;
const madeUp = (n: number) => `made-up-${n}`;

/** A chain that knows the `real-*` signatures, counting every call by method. */
function countingConnection() {
  const calls = { getSignatureStatuses: [] as number[], getParsedTransaction: [] as string[] };
  const connection = {
    getSignatureStatuses: async (signatures: string[]) => {
      calls.getSignatureStatuses.push(signatures.length);
      return { context: { slot: 1 }, value: signatures.map((signature) => (signature.startsWith('real-') ? confirmed : null)) };
    },
    getParsedTransaction: async (signature: string) => {
      calls.getParsedTransaction.push(signature);
      return { slot: 1, transaction: { signatures: [signature] } } as unknown as ParsedTransactionWithMeta;
    },
  };
  return { calls, connection };
}

describe('signatureReads: one look at the chain per interval, whoever asks', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('answers N questions asked within one interval with one getSignatureStatuses', async () => {
    const { calls, connection } = countingConnection();
    const reads = signatureReads({ connection, intervalMs: INTERVAL });
    const answers = Promise.all(Array.from({ length: 50 }, (_, n) => reads.statusOf(n % 2 ? realSignature(n) : madeUp(n))));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect((await answers).filter(Boolean)).toHaveLength(25);
    expect(calls.getSignatureStatuses).toEqual([50]);
  });

  it('costs a made-up signature no getTransaction, and reads a confirmed one once however often it is asked', async () => {
    const { calls, connection } = countingConnection();
    const reads = signatureReads({ connection, intervalMs: INTERVAL });
    const first = Promise.all([
      ...Array.from({ length: 20 }, (_, n) => reads.transaction(madeUp(n))),
      reads.transaction(realSignature(1)),
      reads.transaction(realSignature(1)),
    ]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    const answers = await first;
    expect(answers.slice(0, 20).every((answer) => answer === null)).toBe(true);
    expect(answers.slice(20).every((answer) => answer !== null)).toBe(true);
    const again = reads.transaction(realSignature(1));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(await again).not.toBeNull();
    expect(calls.getParsedTransaction).toEqual([realSignature(1)]);
    expect(calls.getSignatureStatuses).toEqual([21]);
  });

  it('keeps to one look per interval under a steady stream, 256 signatures at most in each', async () => {
    const { calls, connection } = countingConnection();
    const reads = signatureReads({ connection, intervalMs: INTERVAL });
    const asked: Promise<unknown>[] = [];
    for (let tick = 0; tick < 10; tick += 1) {
      asked.push(...Array.from({ length: 100 }, (_, n) => reads.statusOf(madeUp(tick * 100 + n))));
      await vi.advanceTimersByTimeAsync(INTERVAL / 4);
    }
    await vi.advanceTimersByTimeAsync(INTERVAL * 6);
    await Promise.all(asked);
    // 1,000 questions over 2.5 intervals: a look at once, then one per interval, none over 256.
    expect(Math.max(...calls.getSignatureStatuses)).toBeLessThanOrEqual(256);
    expect(calls.getSignatureStatuses.reduce((sum, n) => sum + n, 0)).toBe(1_000);
    expect(calls.getSignatureStatuses.length).toBeLessThanOrEqual(1 + Math.ceil(1_000 / 256) + 1);
  });

  it('refuses a question at once when four looks’ worth already wait, rather than queue without bound', async () => {
    const { calls, connection } = countingConnection();
    const reads = signatureReads({ connection, intervalMs: INTERVAL });
    const answers = Promise.allSettled(Array.from({ length: 4 * 256 + 1 }, (_, n) => reads.statusOf(madeUp(n))));
    await vi.advanceTimersByTimeAsync(4 * INTERVAL);
    expect((await answers).filter((answer) => answer.status === 'rejected')).toHaveLength(1);
    expect(calls.getSignatureStatuses).toEqual([256, 256, 256, 256]);
  });

  it('fails every question of a look the chain could not answer, and asks again at the next', async () => {
    const { connection } = countingConnection();
    const failing = {
      ...connection,
      getSignatureStatuses: vi.fn().mockRejectedValueOnce(new Error('down')).mockImplementation(connection.getSignatureStatuses),
    };
    const reads = signatureReads({ connection: failing, intervalMs: INTERVAL });
    const first = Promise.allSettled([reads.statusOf(realSignature(1)), reads.statusOf(madeUp(1))]);
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect((await first).map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    const again = reads.statusOf(realSignature(1));
    await vi.advanceTimersByTimeAsync(INTERVAL);
    expect(await again).toEqual(confirmed);
  });
});
