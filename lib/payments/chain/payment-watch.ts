import { PublicKey, type Connection } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import { refuse, type Refusal } from '../../errors';
import { keptUntil, type StoredCheckout } from '../checkout/checkout';
import { feedAddressOf, lookAtChain, type LookTerms } from './chain-look';
import { factsCache } from './facts-cache';
import { judgePayment, receivedBy, type PaymentFacts } from './payment-facts';
import { describeFailure } from '../../failure';
import type { Ledger, Purchase } from '../ledger/ledger';
import { lateShortfall } from '../checkout/late-price';
import { strayListOf } from '../reporting/dust';
import { claimedPurchase, claimPayment, storedCheckout, type ClaimDeps, type ClaimResult } from '../confirm/claim-payment';
import type { Finding, WatchBoard } from './watch-board';

/**
 * Where a Solana Pay checkout stands: `waiting` (nothing on chain yet), `refused` (a transaction carries its
 * reference but does not pay it: too little, another recipient, failed), or `paid`.
 */
type TransferStatus =
  | { state: 'waiting'; retryAfterMs: number }
  | { state: 'refused'; reason: string; retryAfterMs: number }
  | { state: 'paid'; purchase: Purchase };

export type TransferStatusResult = { ok: true; status: TransferStatus } | Refusal;

export interface PaymentWatchDeps extends ClaimDeps {
  ledger: Ledger;
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  /** Shared by every instance with REDIS_URL (lib/payments/chain/watch-board-redis.ts), else this instance's memory. */
  board: () => WatchBoard;
  /** The site's recipient and USDC mint: the studio's looks read where payments land (its wallet and its USDC account). */
  recipient?: { wallet: string; usdcMint: string };
  /** One look at the chain per interval for every open checkout together, however many tabs ask. */
  intervalMs: number;
  terms?: Partial<LookTerms>;
  /** How long a verification waits for the looks to find its payment before it answers "not found yet". */
  verifyWaitMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const DEFAULT_LOOK_TERMS: LookTerms = { callsPerLook: 4, pageSize: 100, feedPageSize: 500, openForMs: 30_000, maxOpen: 5_000 };
/** Checkouts remembered by reference on this instance (a stored checkout never changes). */
const CHECKOUTS_KEPT = 10_000;
/** How often the dust floor (the smallest price asked) is read again: a new, lower price counts within a minute. */
const DUST_FLOOR_READ_MS = 60_000;
/** How often a waiting verification looks at the board again. */
const VERIFY_POLL_MS = 250;

const RPC_DOWN = 'The Solana RPC could not be reached. If you paid, your payment is safe; we will keep looking.';
const NOT_YET =
  'Your transaction has not reached us on chain yet (a payment shows within seconds of confirming). If you paid, it is safe: we keep looking, and it unlocks as soon as it is found.';

/**
 * Every way to pay ends in the shared looks (lib/payments/chain/chain-look.ts): a Solana Pay checkout is polled
 * for, a Phantom payment's signature is named, and neither request calls the chain itself, so no visitor's
 * request, however malformed or borrowed what it names, can fail or delay another's. Answers come from what
 * the latest look found; a paying transaction is claimed once (create-once) for the browser that started
 * its checkout.
 */
export function watchPayments(deps: PaymentWatchDeps) {
  const { intervalMs, now = Date.now, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = deps;
  const terms = { ...DEFAULT_LOOK_TERMS, ...deps.terms };
  const verifyWaitMs = deps.verifyWaitMs ?? 2 * intervalMs + 1_000;
  const facts = factsCache(deps.connection);
  const { recipient } = deps;
  const feedAddresses = recipient ? [recipient.wallet, feedAddressOf({ recipient: recipient.wallet, mint: recipient.usdcMint })] : [];
  const kept = new LRUCache<string, StoredCheckout>({ max: CHECKOUTS_KEPT });
  const strayList = strayListOf(deps.ledger, deps.cluster, DUST_FLOOR_READ_MS, now);
  let looking: Promise<void> | undefined;

  const reading = new Map<string, Promise<StoredCheckout | null>>();
  /** The stored checkout, read from the ledger once per reference (however many ask at once): junk polling one checkout costs no read. */
  const checkouts = {
    checkoutOf(reference: string): Promise<StoredCheckout | null> {
      const known = kept.get(reference);
      if (known) return Promise.resolve(keptUntil(known) > now() ? known : null);
      let pending = reading.get(reference);
      if (!pending) {
        pending = deps.ledger
          .checkoutOf(reference)
          .then((found) => (found && kept.set(reference, found), found))
          .finally(() => reading.delete(reference));
        reading.set(reference, pending);
      }
      return pending;
    },
  };

  /** Claims a transaction for a checkout (lib/payments/confirm/claim-payment.ts), read once if no look here read it. */
  async function claim(checkout: StoredCheckout, signature: string, browser: string): Promise<ClaimResult> {
    let read: PaymentFacts | null | undefined = facts.known(signature);
    try {
      read ??= await facts.read(signature);
    } catch {
      return refuse('unavailable', RPC_DOWN);
    }
    return read ? claimPayment(checkout, signature, read, browser, deps) : refuse('unavailable', RPC_DOWN);
  }

  /** A payment a look found: the purchase its claim left is read back; a claim the ledger interrupted is finished here. */
  async function paid(checkout: StoredCheckout, finding: Finding & { paidBy: string }, browser: string): Promise<ClaimResult> {
    const purchase = finding.claimed ? await claimedPurchase(checkout, finding.paidBy, deps) : null;
    return purchase ?? claim(checkout, finding.paidBy, browser);
  }

  /**
   * What a transfer to the recipient was, noted for the studio: a payment of a checkout of ours that no browser has
   * claimed yet (the browser that started it may never return: its payer restores it), or one that pays no checkout.
   */
  async function reconcile(signature: string, read: PaymentFacts) {
    if (!recipient || read.failed) return;
    const at = read.blockTime === null ? now() : read.blockTime * 1000;
    for (const candidate of read.referenceCandidates) {
      const checkout = await checkouts.checkoutOf(candidate);
      if (!checkout || checkout.cluster !== deps.cluster) continue;
      const paid = judgePayment(read, checkout);
      // Too little, or the wrong currency: it unlocks nothing, so it is listed with the transfers naming no checkout.
      if (typeof paid === 'string') break;
      if (await deps.ledger.get(signature)) return;
      const { reference, path, title } = checkout;
      const found = { signature, cluster: deps.cluster, at, payer: paid.payer, amount: paid.amount, checkout: { reference, path, title } };
      // Paid again after it was credited, or late below the price now: to refund, never an unclaimed one a restore would credit.
      const credited = await deps.ledger.creditOf(reference);
      if (credited && credited !== signature) return deps.ledger.noteExtraPayment({ ...found, credited });
      const shortfall = await lateShortfall(checkout, read.blockTime, deps);
      return shortfall ? deps.ledger.noteExtraPayment({ ...found, priceNow: shortfall.priceNow }) : deps.ledger.noteTransfer(found, 'unclaimed');
    }
    const received = receivedBy(read, recipient.wallet, recipient.usdcMint);
    if (received) {
      const stray = { signature, cluster: deps.cluster, at, payer: received.payer, amount: received.amount };
      await deps.ledger.noteTransfer(stray, await strayList(received.amount));
    }
  }

  /** Takes this interval's look when no instance has: polls in between are answered from the board. */
  function lookIfDue(board: WatchBoard): Promise<void> {
    looking ??= (async () => {
      const startedAt = now();
      if (!(await board.takeLook(intervalMs, startedAt))) return;
      try {
        await lookAtChain({
          board,
          feedAddresses,
          connection: deps.connection,
          facts,
          claim: (checkout, signature, read) => claimPayment(checkout, signature, read, checkout.browser, deps),
          reconcile: (signature, read) =>
            reconcile(signature, read).catch((error: unknown) => console.error(`[studio] could not note ${signature}: ${describeFailure(error)}`)),
          terms,
          now,
        });
      } finally {
        await board.finishLook(startedAt, intervalMs, now());
      }
    })().finally(() => (looking = undefined));
    return looking;
  }

  async function checkoutAsked(reference: string, browser: string) {
    if (!isPublicKey(reference)) return refuse('invalid_request', 'This checkout has no valid reference.');
    return storedCheckout(reference, browser, { cluster: deps.cluster, ledger: checkouts });
  }

  /** Has this Solana Pay checkout been paid? `group` is who asks, for the looks' turns. */
  async function status(reference: string, browser: string, group: string): Promise<TransferStatusResult> {
    const found = await checkoutAsked(reference, browser);
    if (!found.ok) return found;
    const board = deps.board();
    let finding = await board.ask(reference, { checkout: found.checkout, group }, undefined, now());
    if (!finding?.paidBy) {
      await lookIfDue(board);
      finding = await board.finding(reference);
    }
    if (finding?.paidBy) {
      const answer = await paid(found.checkout, { ...finding, paidBy: finding.paidBy }, browser);
      return answer.ok ? { ok: true, status: { state: 'paid', purchase: answer.purchase } } : answer;
    }
    const state = await board.lookState();
    if (state?.failure) return refuse('unavailable', RPC_DOWN);
    const retryAfterMs = Math.max(0, (state?.lookedAt ?? now()) + intervalMs - now());
    const reason = finding?.refusal;
    return { ok: true, status: reason ? { state: 'refused', reason, retryAfterMs } : { state: 'waiting', retryAfterMs } };
  }

  /**
   * Verifies the payment a wallet in this browser signed (Phantom): named by its signature, read once it has
   * reached the recipient, and answered within `verifyWaitMs`, or "not found yet" with when to ask again.
   */
  async function verify(reference: string, signature: string, browser: string, group: string): Promise<ClaimResult> {
    const found = await checkoutAsked(reference, browser);
    if (!found.ok) return found;
    const { checkout } = found;
    const board = deps.board();
    const askedAt = now();
    let finding: Finding | null = await board.ask(reference, { checkout, group }, signature, askedAt);
    // Read before (by a look here, or an earlier question) and not found paying yet: claimed with no call.
    if (!finding?.paidBy && facts.known(signature)) return claim(checkout, signature, browser);
    for (;;) {
      if (finding?.paidBy) return paid(checkout, { ...finding, paidBy: finding.paidBy }, browser);
      if (finding?.hintRefused?.signature === signature) return refuse('payment_refused', finding.hintRefused.reason);
      const state = await board.lookState();
      if (state?.failure && state.lookedAt >= askedAt) return refuse('unavailable', RPC_DOWN);
      const waited = now() - askedAt;
      if (waited >= verifyWaitMs) return refuse('not_found', NOT_YET, Math.max(1_000, (state?.lookedAt ?? now()) + intervalMs - now()));
      await lookIfDue(board);
      finding = await board.finding(reference);
      if (!finding?.paidBy && finding?.hintRefused?.signature !== signature) await sleep(Math.min(VERIFY_POLL_MS, verifyWaitMs - waited));
    }
  }

  /**
   * The studio is open: for `forMs`, looks read the recipients' histories even with no checkout open, one per interval
   * whichever instance takes it (however many studios are open, the chain is read no more often).
   */
  async function watchRecipients(forMs: number) {
    const board = deps.board();
    const until = now() + forMs;
    await board.wantFeed(until);
    while (now() < until) {
      await lookIfDue(board);
      await sleep(Math.min(intervalMs, Math.max(0, until - now())));
    }
  }

  return { status, verify, watchRecipients };
}

function isPublicKey(value: string) {
  try {
    return new PublicKey(value).toBase58() === value;
  } catch {
    return false;
  }
}
