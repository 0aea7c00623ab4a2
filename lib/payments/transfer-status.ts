import { PublicKey, type Connection } from '@solana/web3.js';
import { checkoutReference, type StoredCheckout } from './checkout';
import type { Purchase } from './ledger';
import { claimPayment, storedCheckout, type VerifyDeps, type VerifyResult } from './verify';

/**
 * Where a Solana Pay checkout stands: `waiting` (nothing on chain yet), `refused` (a transaction
 * carries its reference but does not pay it: too little, another recipient, failed), or `paid`.
 */
type TransferStatus =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | { state: 'paid'; purchase: Purchase };

type Refusal = Extract<VerifyResult, { ok: false }>;
export type TransferStatusResult = { ok: true; status: TransferStatus } | Refusal;

export interface TransferWatchDeps extends Omit<VerifyDeps, 'connection'> {
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  /** The chain is asked about one reference at most once per interval, however many tabs poll. */
  intervalMs: number;
  /**
   * Shared by every instance (a lapsing Redis lock): false when another one asked the chain about this
   * reference within the interval. Without it, this instance's own interval is the only throttle.
   */
  throttle?: (reference: string) => Promise<boolean>;
  /** References remembered at once; the oldest are forgotten first (they are only asked again). */
  maxReferences?: number;
  /** Signatures asked for per page of a reference's history (the RPC allows up to 1000). */
  pageSize?: number;
  /** Pages read, and transactions verified, per lookup: a flooded reference is read over several lookups. */
  pagesPerLookup?: number;
  verificationsPerLookup?: number;
  now?: () => number;
}

interface Watched {
  checkedAt: number;
  /** The server's copy of the checkout, read from the ledger once per reference. */
  checkout?: StoredCheckout;
  /** The signature that paid this reference, once verified: later polls go to the ledger, not the chain. */
  paidBy?: string;
  /** Why the latest transaction looked at carries the reference but does not pay it. */
  refusal?: string;
  /** The newest signature of the last walk that reached the end of the history: nothing at or before it is read again. */
  seenUntil?: string;
  /** A walk from the newest signature down that has not reached the end yet: where it began and how far it got. */
  walk?: { top: string; before: string };
  running?: Promise<TransferStatusResult>;
}

/**
 * Answers "has this checkout been paid?" for the page that shows the QR code, for as long as the
 * checkout is kept (a payment of an expired QR is still credited). It finds the
 * transaction by the checkout's reference (getSignaturesForAddress, newest first, paged with
 * `before` to the end of the history so junk transactions carrying the reference cannot push the
 * payment out of sight), then applies the same rules, create-once claim and grant to the checkout's
 * browser as the Phantom path. Polls in between are answered from memory.
 */
export function watchTransfers(deps: TransferWatchDeps) {
  const {
    intervalMs,
    maxReferences = 10_000,
    pageSize = 100,
    pagesPerLookup = 3,
    verificationsPerLookup = 40,
    now = Date.now,
    throttle = async () => true,
  } = deps;
  const watched = new Map<string, Watched>();

  const entryFor = (reference: string) => {
    const known = watched.get(reference);
    if (known) return known;
    if (watched.size >= maxReferences) watched.delete(watched.keys().next().value!);
    const entry: Watched = { checkedAt: -Infinity };
    watched.set(reference, entry);
    return entry;
  };

  const snapshot = (entry: Watched): TransferStatusResult => {
    const retryAfterMs = Math.max(0, entry.checkedAt + intervalMs - now());
    const reason = entry.refusal;
    return { ok: true, status: reason ? { state: 'refused', reason, retryAfterMs } : { state: 'waiting', retryAfterMs } };
  };

  /** Reads the reference's history from where the last lookup stopped; undefined when this lookup's budget ran out first. */
  async function lookUp(checkout: StoredCheckout, browser: string, entry: Watched): Promise<TransferStatusResult | undefined> {
    let verifications = 0;
    for (let page = 0; page < pagesPerLookup; page += 1) {
      let found: Awaited<ReturnType<Connection['getSignaturesForAddress']>>;
      try {
        const options = { limit: pageSize, before: entry.walk?.before, until: entry.seenUntil };
        found = await deps.connection.getSignaturesForAddress(new PublicKey(checkout.reference), options, 'confirmed');
      } catch (error) {
        console.error('[solana-pay] RPC failed while looking for reference', checkout.reference, error);
        return { ok: false, status: 503, reason: 'The Solana RPC could not be reached. If you paid, your payment is safe; we will keep looking.' };
      }
      for (const { signature, err } of found) {
        if (err) entry.refusal = 'The transaction failed on chain.';
        else {
          if (verifications >= verificationsPerLookup) return undefined;
          verifications += 1;
          const result = await claimPayment(checkout, signature, browser, deps);
          if (result.ok) {
            entry.paidBy = signature;
            return paidOrError(result, entry);
          }
          // Anything but a refusal for good (e.g. the RPC has not indexed it yet, or is down) is read again next time.
          if (result.status !== 422 && result.status !== 409) return result.status === 503 ? result : undefined;
          entry.refusal = result.reason;
        }
        entry.walk = { top: entry.walk?.top ?? signature, before: signature };
      }
      if (found.length < pageSize) {
        entry.seenUntil = entry.walk?.top ?? entry.seenUntil;
        entry.walk = undefined;
        return snapshot(entry);
      }
    }
    return undefined;
  }

  async function settle(checkout: StoredCheckout, browser: string, entry: Watched): Promise<TransferStatusResult> {
    if (entry.paidBy) return paidOrError(await claimPayment(checkout, entry.paidBy, browser, deps), entry);
    entry.checkedAt = now();
    return (await lookUp(checkout, browser, entry)) ?? snapshot(entry);
  }

  /** Asks the chain unless another instance just did: then this one waits out the interval too. */
  async function askChain(checkout: StoredCheckout, browser: string, entry: Watched): Promise<TransferStatusResult> {
    if (!entry.paidBy && !(await throttle(checkout.reference))) {
      entry.checkedAt = now();
      return snapshot(entry);
    }
    return settle(checkout, browser, entry);
  }

  const ledger = {
    checkoutOf: async (reference: string) => {
      const entry = entryFor(reference);
      entry.checkout ??= (await deps.ledger.checkoutOf(reference)) ?? undefined;
      return entry.checkout ?? null;
    },
  };

  return async function transferStatus(checkoutToken: string, browser: string): Promise<TransferStatusResult> {
    const reference = checkoutReference(deps.secret, checkoutToken);
    if (reference && !isPublicKey(reference)) return { ok: false, status: 400, reason: 'This checkout has no valid reference.' };
    const found = await storedCheckout(checkoutToken, browser, { ...deps, ledger });
    if (!found.ok) return found;
    const { checkout } = found;
    const entry = entryFor(checkout.reference);
    if (entry.running) return entry.running;
    if (!entry.paidBy && now() < entry.checkedAt + intervalMs) return snapshot(entry);
    entry.running = askChain(checkout, browser, entry).finally(() => {
      entry.running = undefined;
    });
    return entry.running;
  };
}

function isPublicKey(value: string) {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}

function paidOrError(result: VerifyResult, entry: Watched): TransferStatusResult {
  if (result.ok) return { ok: true, status: { state: 'paid', purchase: result.purchase } };
  // A failing store (503) is asked again on the next poll; anything else sends the next poll back to the chain, from the top.
  if (result.status !== 503) Object.assign(entry, { paidBy: undefined, seenUntil: undefined, walk: undefined });
  return result;
}
