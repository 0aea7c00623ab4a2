import type { Connection, ParsedTransactionWithMeta, SignatureStatus } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';

/** The most signatures one getSignatureStatuses takes (the RPC's own limit). */
const STATUSES_PER_CALL = 256;
/** Signatures waiting at most (four looks' worth): past it a question fails at once (503, "try again") rather than queue without bound. */
const MAX_WAITING = 4 * STATUSES_PER_CALL;
/** Transactions kept once read: a confirmed transaction does not change, and a repeated question about one costs nothing. */
const KEPT_TRANSACTIONS = 2_000;

export interface SignatureReadsDeps {
  connection: Pick<Connection, 'getSignatureStatuses' | 'getParsedTransaction'>;
  /** At most one getSignatureStatuses per interval, however many requests ask. */
  intervalMs: number;
  now?: () => number;
}

interface Asked {
  promise: Promise<SignatureStatus | null>;
  resolve(status: SignatureStatus | null): void;
  reject(error: unknown): void;
}

function newAsked(): Asked {
  let resolve!: Asked['resolve'];
  let reject!: Asked['reject'];
  const promise = new Promise<SignatureStatus | null>((...settle) => ([resolve, reject] = settle));
  return { promise, resolve, reject };
}

/**
 * The chain's answers about signatures, shared by every request (docs/security.md, "No client can
 * multiply the chain calls"): the signatures asked for within an interval go to the chain in one
 * getSignatureStatuses, and a
 * transaction is read only once its signature is known to be confirmed, and only once. A made-up
 * signature costs a place in a batch, never a call of its own.
 */
export function signatureReads({ connection, intervalMs, now = Date.now }: SignatureReadsDeps) {
  const waiting = new Map<string, Asked>();
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  let lastLookAt = -Infinity;
  const transactions = new LRUCache<string, ParsedTransactionWithMeta>({ max: KEPT_TRANSACTIONS });
  const reading = new Map<string, Promise<ParsedTransactionWithMeta | null>>();

  async function look() {
    scheduled = null;
    lastLookAt = now();
    const batch = [...waiting].slice(0, STATUSES_PER_CALL);
    for (const [signature] of batch) waiting.delete(signature);
    if (waiting.size > 0) schedule();
    try {
      const { value } = await connection.getSignatureStatuses(
        batch.map(([signature]) => signature),
        { searchTransactionHistory: true },
      );
      batch.forEach(([, asked], index) => asked.resolve(value[index] ?? null));
    } catch (error) {
      for (const [, asked] of batch) asked.reject(error);
    }
  }

  function schedule() {
    scheduled ??= setTimeout(() => void look(), Math.max(0, lastLookAt + intervalMs - now()));
  }

  /** The signature's status at this interval's look, null when the chain knows no such signature. */
  function statusOf(signature: string): Promise<SignatureStatus | null> {
    const known = waiting.get(signature);
    if (known) return known.promise;
    if (waiting.size >= MAX_WAITING) return Promise.reject(new Error(`${MAX_WAITING} signatures already wait for the chain's answer`));
    const asked = newAsked();
    waiting.set(signature, asked);
    schedule();
    return asked.promise;
  }

  /** A transaction the chain listed (it exists): read once, then kept. */
  function listedTransaction(signature: string): Promise<ParsedTransactionWithMeta | null> {
    const kept = transactions.get(signature);
    if (kept) return Promise.resolve(kept);
    let pending = reading.get(signature);
    if (!pending) {
      pending = connection
        .getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
        .then((transaction) => (transaction && transactions.set(signature, transaction), transaction))
        .finally(() => reading.delete(signature));
      reading.set(signature, pending);
    }
    return pending;
  }

  /** A transaction a visitor named: null, with no read of its own, unless its signature is confirmed. */
  async function transaction(signature: string): Promise<ParsedTransactionWithMeta | null> {
    if (transactions.has(signature)) return listedTransaction(signature);
    const status = await statusOf(signature);
    if (!status || status.confirmationStatus === 'processed') return null;
    return listedTransaction(signature);
  }

  return { statusOf, transaction, listedTransaction };
}
