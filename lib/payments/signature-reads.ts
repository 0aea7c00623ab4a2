import type { Connection, ParsedTransactionWithMeta, SignatureStatus } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import type { SignatureBoard } from './signature-board';

/** The most signatures one getSignatureStatuses takes (the RPC's own limit). */
const STATUSES_PER_CALL = 256;
/** Signatures waiting at most (four looks' worth): past it a question fails at once (503, "try again") rather than queue without bound. */
const MAX_WAITING = 4 * STATUSES_PER_CALL;
/** Transactions kept once read: a confirmed transaction does not change, and a repeated question about one costs nothing. */
const KEPT_TRANSACTIONS = 2_000;
/** With a shared board, how long a question waits for another instance's look before it fails (503, "try again"). */
export const BOARD_WAIT_MS = 30_000;

export interface SignatureReadsDeps {
  connection: Pick<Connection, 'getSignatureStatuses' | 'getParsedTransaction'>;
  /** At most one getSignatureStatuses per interval, however many requests ask. */
  intervalMs: number;
  /**
   * Shared by every instance (Redis with REDIS_URL): the signatures asked anywhere go to the chain in one
   * look per interval, taken by one instance, and every instance reads the answers. Without it, or while it
   * fails, this instance looks on its own.
   */
  board?: () => SignatureBoard | null;
  /** Reports a failing board (rarely, never to the visitor). */
  onBoardFailure?: (error: unknown) => void;
  now?: () => number;
}

interface Asked {
  askedAt: number;
  /** The number of the last look any instance had taken when this question reached the board: only later answers are fresh. */
  after?: number;
  promise: Promise<SignatureStatus | null>;
  resolve(status: SignatureStatus | null): void;
  reject(error: unknown): void;
}

function newAsked(askedAt: number): Asked {
  let resolve!: Asked['resolve'];
  let reject!: Asked['reject'];
  const promise = new Promise<SignatureStatus | null>((...settle) => ([resolve, reject] = settle));
  return { askedAt, promise, resolve, reject };
}

/**
 * The chain's answers about signatures, shared by every request (docs/security.md, "No client can
 * multiply the chain calls"): the signatures asked for within an interval go to the chain in one
 * getSignatureStatuses, and a
 * transaction is read only once its signature is known to be confirmed, and only once. A made-up
 * signature costs a place in a batch, never a call of its own.
 */
export function signatureReads({ connection, intervalMs, board, onBoardFailure = () => {}, now = Date.now }: SignatureReadsDeps) {
  const waiting = new Map<string, Asked>();
  let scheduled: ReturnType<typeof setTimeout> | null = null;
  let lastLookAt = -Infinity;
  const transactions = new LRUCache<string, ParsedTransactionWithMeta>({ max: KEPT_TRANSACTIONS });
  const reading = new Map<string, Promise<ParsedTransactionWithMeta | null>>();

  async function look() {
    scheduled = null;
    lastLookAt = now();
    const shared = board?.();
    try {
      await (shared ? sharedLook(shared) : ownLook());
    } catch (error) {
      onBoardFailure(error);
      await ownLook();
    }
    if (waiting.size > 0) schedule();
  }

  /** This instance's own look: the oldest questions, one getSignatureStatuses. */
  async function ownLook() {
    const batch = [...waiting].slice(0, STATUSES_PER_CALL);
    for (const [signature] of batch) waiting.delete(signature);
    try {
      const statuses = await askChain(batch.map(([signature]) => signature));
      batch.forEach(([, asked], index) => asked.resolve(statuses[index]!));
    } catch (error) {
      for (const [, asked] of batch) asked.reject(error);
    }
  }

  /**
   * A look through the board: every question waiting here is (re)queued there, keeping its place; the instance
   * that takes this interval's look asks the chain for the oldest queued and publishes the answers; every
   * instance then takes the answers published since its questions reached the board.
   */
  async function sharedLook(shared: SignatureBoard) {
    // Answers first: a question another instance's look already answered is not queued again.
    await takeAnswers(shared);
    const asked = [...waiting.keys()];
    if (asked.length === 0) return;
    const last = await shared.ask(asked);
    for (const signature of asked) waiting.get(signature)!.after ??= last;
    const taken = await shared.takeLook(STATUSES_PER_CALL);
    if (taken && taken.signatures.length > 0) {
      try {
        const statuses = await askChain(taken.signatures);
        await shared.publish(
          taken.look,
          taken.signatures.map((signature, index) => [signature, statuses[index]!]),
        );
      } catch (error) {
        // The chain failed: the questions asked here hear it now (503, "try again"); other instances' wait for a later look.
        for (const signature of taken.signatures) settle(signature, (asked) => asked.reject(error));
      }
    }
    await takeAnswers(shared);
    for (const [signature, asked] of waiting) {
      if (now() - asked.askedAt >= BOARD_WAIT_MS) settle(signature, () => asked.reject(new Error(`no look answered ${signature} within ${BOARD_WAIT_MS} ms`)));
    }
  }

  /** The answers published since each question here reached the board. */
  async function takeAnswers(shared: SignatureBoard) {
    const asked = [...waiting].filter(([, question]) => question.after !== undefined).map(([signature]) => signature);
    for (const [signature, answer] of await shared.answers(asked)) {
      settle(signature, (question) => answer.look > question.after! && (question.resolve(answer.status), true));
    }
  }

  /** Settles a question waiting here (a no-op for another instance's): `done` says whether it was answered. */
  function settle(signature: string, done: (asked: Asked) => boolean | void) {
    const asked = waiting.get(signature);
    if (asked && done(asked) !== false) waiting.delete(signature);
  }

  async function askChain(signatures: string[]): Promise<Array<SignatureStatus | null>> {
    const { value } = await connection.getSignatureStatuses(signatures, { searchTransactionHistory: true });
    return signatures.map((_, index) => value[index] ?? null);
  }

  function schedule() {
    scheduled ??= setTimeout(() => void look(), Math.max(0, lastLookAt + intervalMs - now()));
  }

  /** The signature's status at this interval's look, null when the chain knows no such signature. */
  function statusOf(signature: string): Promise<SignatureStatus | null> {
    const known = waiting.get(signature);
    if (known) return known.promise;
    if (waiting.size >= MAX_WAITING) return Promise.reject(new Error(`${MAX_WAITING} signatures already wait for the chain's answer`));
    const asked = newAsked(now());
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
