import { PublicKey, type Connection } from '@solana/web3.js';
import type { Playback } from '../catalog/types';
import { readCheckout } from './checkout';
import type { Purchase } from './ledger';
import { verifyPayment, type VerifyDeps, type VerifyResult } from './verify';

/**
 * Where a Solana Pay checkout stands: `waiting` (nothing on chain yet), `refused` (a transaction
 * carries its reference but does not pay it: too little, another recipient, failed), or `paid`.
 */
type TransferStatus =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | { state: 'paid'; purchase: Purchase; playback: Playback };

type Refusal = Extract<VerifyResult, { ok: false }>;
export type TransferStatusResult = { ok: true; status: TransferStatus } | Refusal;

export interface TransferWatchDeps extends Omit<VerifyDeps, 'connection'> {
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  /** The chain is asked about one reference at most once per interval, however many tabs poll. */
  intervalMs: number;
  /** References remembered at once; the oldest are forgotten first (they are only asked again). */
  maxReferences?: number;
  now?: () => number;
}

interface Watched {
  checkedAt: number;
  /** The signature that paid this reference, once verified: later polls go to the ledger, not the chain. */
  paidBy?: string;
  /** Signatures that carry the reference but do not pay it, with why: verified once, never again. */
  refused: Map<string, string>;
  running?: Promise<TransferStatusResult>;
}

/** Transactions looked at per chain question: a checkout's reference is in one or a few, never many. */
const SIGNATURES_PER_LOOKUP = 25;

/**
 * Answers "has this checkout been paid?" for the page that shows the QR code. It finds the
 * transaction by the checkout's reference (getSignaturesForAddress), then applies verifyPayment:
 * the same rules, the same create-once claim and the same grant to the checkout's browser as the
 * Phantom path. Polls in between are answered from memory.
 */
export function watchTransfers(deps: TransferWatchDeps) {
  const { intervalMs, maxReferences = 10_000, now = Date.now } = deps;
  const watched = new Map<string, Watched>();

  const entryFor = (reference: string) => {
    const known = watched.get(reference);
    if (known) return known;
    if (watched.size >= maxReferences) watched.delete(watched.keys().next().value!);
    const entry: Watched = { checkedAt: -Infinity, refused: new Map() };
    watched.set(reference, entry);
    return entry;
  };

  const snapshot = (entry: Watched): TransferStatusResult => {
    const retryAfterMs = Math.max(0, entry.checkedAt + intervalMs - now());
    const reason = [...entry.refused.values()].at(-1);
    return { ok: true, status: reason ? { state: 'refused', reason, retryAfterMs } : { state: 'waiting', retryAfterMs } };
  };

  async function settle(checkoutToken: string, browser: string, entry: Watched, reference: string): Promise<TransferStatusResult> {
    const verify = async (signature: string) => verifyPayment({ checkoutToken, signature, browser }, deps);
    if (entry.paidBy) return paidOrError(await verify(entry.paidBy), entry);

    entry.checkedAt = now();
    let found: Awaited<ReturnType<Connection['getSignaturesForAddress']>>;
    try {
      found = await deps.connection.getSignaturesForAddress(new PublicKey(reference), { limit: SIGNATURES_PER_LOOKUP }, 'confirmed');
    } catch (error) {
      console.error('[solana-pay] RPC failed while looking for reference', reference, error);
      return { ok: false, status: 503, reason: 'The Solana RPC could not be reached. If you paid, your payment is safe; we will keep looking.' };
    }
    // Oldest first: the first transaction that pays the checkout is the purchase.
    for (const { signature, err } of [...found].reverse()) {
      if (entry.refused.has(signature)) continue;
      if (err) {
        entry.refused.set(signature, 'The transaction failed on chain.');
        continue;
      }
      const result = await verify(signature);
      if (result.ok) {
        entry.paidBy = signature;
        return paidOrError(result, entry);
      }
      // Refused for good (does not pay this checkout, or claimed by another); anything else is asked again next time.
      if (result.status === 422 || result.status === 409) entry.refused.set(signature, result.reason);
      else if (result.status === 503) return result;
    }
    return snapshot(entry);
  }

  return async function transferStatus(checkoutToken: string, browser: string): Promise<TransferStatusResult> {
    const checkout = readCheckout(deps.secret, checkoutToken);
    if (!checkout) return { ok: false, status: 400, reason: 'Unknown or altered checkout.' };
    if (checkout.browser !== browser) return { ok: false, status: 403, reason: 'This checkout was started in another browser.' };
    if (!isPublicKey(checkout.reference)) {
      return { ok: false, status: 400, reason: 'This checkout has no valid reference.' };
    }
    const entry = entryFor(checkout.reference);
    if (entry.running) return entry.running;
    if (!entry.paidBy && now() < entry.checkedAt + intervalMs) return snapshot(entry);
    entry.running = settle(checkoutToken, browser, entry, checkout.reference).finally(() => {
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
  if (result.ok) return { ok: true, status: { state: 'paid', purchase: result.purchase, playback: result.playback } };
  // A failing store (503) is asked again on the next poll; anything else sends the next poll back to the chain.
  if (result.status !== 503) entry.paidBy = undefined;
  return result;
}
