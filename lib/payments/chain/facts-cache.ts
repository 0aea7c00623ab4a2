import { SolanaJSONRPCError, type Connection } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import { paymentFacts, type PaymentFacts } from './payment-facts';

/**
 * The highest transaction version this code parses (SIMD-0385's v1, live on mainnet since 2026-09-15): every read of a
 * payment declares it, as a call declaring less is refused -32015 for any transaction above it.
 */
const MAX_TRANSACTION_VERSION = 1;
/** agave's JSON-RPC code for a transaction above the version a call declared. */
const UNSUPPORTED_TRANSACTION_VERSION = -32015;

/** The transaction's version is above what this code declares: a defect to fix here, never a payment "not found". */
export class UnsupportedTransactionVersion extends Error {
  constructor(signature: string, detail: string) {
    super(`The RPC would not answer transaction ${signature} at maxSupportedTransactionVersion ${MAX_TRANSACTION_VERSION}: ${detail}`);
    this.name = 'UnsupportedTransactionVersion';
  }
}

type TransactionReader = Pick<Connection, 'getParsedTransaction'>;

/**
 * A transaction as a payment, read from the chain (null while the node does not know it). A version refusal is
 * logged as the defect it is and thrown, so every caller answers "try again" (the payment is safe), never "not paid".
 */
export async function readPaymentFacts(connection: TransactionReader, signature: string): Promise<PaymentFacts | null> {
  try {
    const transaction = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: MAX_TRANSACTION_VERSION });
    return transaction && paymentFacts(transaction);
  } catch (error) {
    if (!(error instanceof SolanaJSONRPCError) || error.code !== UNSUPPORTED_TRANSACTION_VERSION) throw error;
    const defect = new UnsupportedTransactionVersion(signature, error.message);
    console.error(`[payments] DEFECT: ${defect.message}. Teach lib/payments to read that version; the payment stays unclaimed until then.`);
    throw defect;
  }
}

/** Transactions kept once read: a few thousand, small each (payment-facts.ts). */
const KEPT = 5_000;

/**
 * Transactions as payments, read from the chain once and kept: a confirmed transaction never changes, so a
 * signature read before (a payment, or someone's junk) is judged again with no call. One read at a time per
 * signature, however many ask.
 */
export function factsCache(connection: TransactionReader, max = KEPT) {
  const kept = new LRUCache<string, PaymentFacts>({ max });
  const reading = new Map<string, Promise<PaymentFacts | null>>();
  return {
    /** What is known of the signature without a call. */
    known: (signature: string) => kept.get(signature),
    /** Its facts, read from the chain unless known; null while the node has not indexed it (it is read again later). */
    read(signature: string): Promise<PaymentFacts | null> {
      const known = kept.get(signature);
      if (known) return Promise.resolve(known);
      let pending = reading.get(signature);
      if (!pending) {
        pending = readPaymentFacts(connection, signature)
          .then((facts) => {
            if (facts) kept.set(signature, facts);
            return facts;
          })
          .finally(() => reading.delete(signature));
        reading.set(signature, pending);
      }
      return pending;
    },
  };
}

export type FactsCache = ReturnType<typeof factsCache>;
