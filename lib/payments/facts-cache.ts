import type { Connection } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import { paymentFacts, type PaymentFacts } from './payment-facts';

/** Transactions kept once read: a few thousand, small each (payment-facts.ts). */
const KEPT = 5_000;

/**
 * Transactions as payments, read from the chain once and kept: a confirmed transaction never changes, so a
 * signature read before (a payment, or someone's junk) is judged again with no call. One read at a time per
 * signature, however many ask.
 */
export function factsCache(connection: Pick<Connection, 'getParsedTransaction'>, max = KEPT) {
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
        pending = connection
          .getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })
          .then((transaction) => {
            const facts = transaction && paymentFacts(transaction);
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
