import type { Connection } from '@solana/web3.js';
import type { Catalog } from '../../catalog/types';
import type { StoredCheckout } from '../checkout/checkout';
import type { Ledger, Purchase } from '../ledger/ledger';
import { refuse, type Refusal } from '../../errors';
import { describeFailure } from '../../failure';
import { readPaymentFacts } from '../chain/facts-cache';
import { lateShortfall } from '../checkout/late-price';
import { judgePayment, type Paid, type PaymentFacts } from '../chain/payment-facts';

export interface VerifyRequest {
  /** The checkout's reference, read once from the token the browser brought (lib/payments/checkout/request-fields.ts). */
  reference: string;
  signature: string;
  browser: string;
}

export interface VerifyDeps {
  connection: Pick<Connection, 'getParsedTransaction'>;
  ledger: Ledger;
  catalog: Pick<Catalog, 'getTitle'>;
  /** The genesis hash of the cluster this site verifies on: checkouts and purchases of another one count for nothing. */
  cluster: string;
  /** PRICE_LAMPORTS: what a title with no price of its own costs now (a late payment is held to it, late-price.ts). */
  defaultLamports: number;
}

/** What recording a payment needs: the ledger, the catalog and the cluster. */
export type RecordDeps = Pick<VerifyDeps, 'ledger' | 'catalog' | 'cluster' | 'defaultLamports'>;

/** What claiming a payment by its signature needs: a way to read what its transaction did, and where to record it. */
interface ClaimDeps extends RecordDeps {
  /** The transaction as a payment; null when the node does not know it (yet). */
  readFacts(signature: string): Promise<PaymentFacts | null>;
}

/** Reads a transaction as a payment straight from the chain. */
const factsFrom = (connection: VerifyDeps['connection']) => (signature: string) => readPaymentFacts(connection, signature);

export type VerifyResult = { ok: true; purchase: Purchase } | Refusal;

/**
 * The server's own on-chain check of a payment, then an atomic claim of its signature.
 * Nothing the browser says is trusted: its token only named the checkout, whose terms the server kept.
 */
export async function verifyPayment(request: VerifyRequest, deps: VerifyDeps): Promise<VerifyResult> {
  const found = await storedCheckout(request.reference, request.browser, deps);
  return found.ok ? claimPayment(found.checkout, request.signature, request.browser, { ...deps, readFacts: factsFrom(deps.connection) }) : found;
}

type StoredCheckoutResult = { ok: true; checkout: StoredCheckout } | Refusal;

/**
 * The server's copy of the checkout a browser brings back (by the reference its token named): started by this
 * browser, on this cluster, and still kept (the ledger forgets it after 30 days). Its price and recipient are what a payment must meet.
 */
export async function storedCheckout(
  reference: string,
  browser: string,
  deps: Pick<VerifyDeps, 'cluster'> & { ledger: Pick<Ledger, 'checkoutOf'> },
): Promise<StoredCheckoutResult> {
  let checkout: StoredCheckout | null;
  try {
    checkout = await deps.ledger.checkoutOf(reference);
  } catch (error) {
    console.error(`[payments] could not read checkout ${reference}: ${describeFailure(error)}`);
    return refuse('unavailable', 'We could not read your checkout just now. If you paid, your payment is safe; it will be finished when you come back.');
  }
  // A checkout our key signed that the ledger no longer holds is the server's verdict on it (the browser then drops
  // it); an unreadable token, refused before this, is not (a browser may bring one a removed previous key signed).
  if (!checkout) return refuse('expired', 'This checkout is no longer kept (checkouts last 30 days); start the purchase again.');
  if (checkout.browser !== browser) return refuse('forbidden', 'This checkout was started in another browser.');
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster; start the purchase again.');
  return { ok: true, checkout };
}

/**
 * Verifies `signature` as the payment of a checkout the server kept, reading its transaction from the chain,
 * claims it once, and grants the title to `browser`.
 */
async function claimPayment(checkout: StoredCheckout, signature: string, browser: string, deps: ClaimDeps): Promise<VerifyResult> {
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster.');
  return safely(signature, async () => {
    const claimed = await deps.ledger.get(signature);
    if (claimed) return answerClaimed(claimed, checkout, browser, deps);
    let facts: PaymentFacts | null;
    try {
      facts = await deps.readFacts(signature);
    } catch (error) {
      console.error(`[payments] RPC failed while verifying ${signature}: ${describeFailure(error)}`);
      return refuse('unavailable', 'The Solana RPC could not be reached. Your payment is safe; verification will be retried.');
    }
    if (!facts) return refuse('not_found', 'Transaction not found at confirmed commitment.');
    return recordPayment(checkout, signature, facts, browser, deps);
  });
}

/**
 * Claims a payment from what the chain already said of its transaction (the shared look read it once):
 * judged against the stored checkout first, so junk costs the ledger nothing.
 */
export async function claimFromFacts(
  checkout: StoredCheckout,
  signature: string,
  facts: PaymentFacts,
  browser: string,
  deps: RecordDeps,
): Promise<VerifyResult> {
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster.');
  const judged = judgePayment(facts, checkout);
  if (typeof judged === 'string') return refuse('payment_refused', judged);
  return safely(signature, async () => {
    const claimed = await deps.ledger.get(signature);
    return claimed ? answerClaimed(claimed, checkout, browser, deps) : recordPayment(checkout, signature, facts, browser, deps);
  });
}

/** The ledger or the catalog failed (Firestore unreachable): the browser keeps the signature and retries. */
async function safely(signature: string, work: () => Promise<VerifyResult>): Promise<VerifyResult> {
  try {
    return await work();
  } catch (error) {
    console.error(`[payments] could not record ${signature}: ${describeFailure(error)}`);
    return refuse('unavailable', 'We could not record your payment just now. Your payment is safe; it will be finished when you come back.');
  }
}

async function recordPayment(checkout: StoredCheckout, signature: string, facts: PaymentFacts, browser: string, deps: RecordDeps) {
  const paid = judgePayment(facts, checkout);
  if (typeof paid === 'string') return refuse('payment_refused', paid);
  const shortfall = await lateShortfall(checkout, facts.blockTime, deps);
  if (shortfall) {
    await deps.ledger.noteExtraPayment({ ...paymentToRefund(checkout, signature, facts, paid), priceNow: shortfall.priceNow });
    console.warn(
      `[payments] ${signature} pays checkout ${checkout.reference} (${checkout.path}) after it closed, below the price now: listed in the studio to refund`,
    );
    return refuse('payment_refused', shortfall.reason);
  }
  // A checkout is credited once, however many of its transactions land (a wallet that sent a second one, a QR paid twice).
  const credited = await deps.ledger.creditCheckout(checkout.reference, signature);
  if (credited !== signature) return recordExtraPayment(checkout, signature, facts, paid, credited, browser, deps);
  const purchase: Purchase = {
    signature,
    wallet: paid.payer,
    path: checkout.path,
    price: paid.amount,
    kind: checkout.kind,
    ...(checkout.hours !== undefined && { hours: checkout.hours }),
    slot: facts.slot,
    blockTime: facts.blockTime,
    verifiedAt: new Date().toISOString(),
    reference: checkout.reference,
    browser,
    cluster: checkout.cluster,
  };
  if (!(await deps.ledger.create(purchase))) {
    const winner = await deps.ledger.get(signature);
    return winner ? answerClaimed(winner, checkout, browser, deps) : refuse('conflict', 'This transaction has already been claimed.');
  }
  return grantTo(purchase, browser, deps);
}

/**
 * A payment of a checkout already credited to another: kept for the studio to refund (never lost, never a second sale),
 * and answered as the checkout's purchase, which its browser already holds.
 */
async function recordExtraPayment(
  checkout: StoredCheckout,
  signature: string,
  facts: PaymentFacts,
  paid: Paid,
  credited: string,
  browser: string,
  deps: RecordDeps,
) {
  const { reference, path } = checkout;
  await deps.ledger.noteExtraPayment({ ...paymentToRefund(checkout, signature, facts, paid), credited });
  console.warn(`[payments] ${signature} pays checkout ${reference} (${path}) again; it was credited to ${credited}: listed in the studio to refund`);
  const first = await deps.ledger.get(credited);
  // The first payment's claim has not finished yet (it is, at its retry): this one waits for it.
  return first
    ? answerClaimed(first, checkout, browser, deps)
    : refuse('unavailable', 'Your payment is safe; it is being recorded. Please try again in a moment.');
}

/** A payment of a checkout that buys nothing, as the studio lists it to refund. */
const paymentToRefund = (checkout: StoredCheckout, signature: string, facts: Pick<PaymentFacts, 'blockTime'>, paid: Paid) => ({
  signature,
  cluster: checkout.cluster,
  at: facts.blockTime === null ? Date.now() : facts.blockTime * 1000,
  payer: paid.payer,
  amount: paid.amount,
  checkout: { reference: checkout.reference, path: checkout.path, title: checkout.title },
});

/** A retry of the same checkout gets the same answer (and finishes a grant a failure interrupted); anyone else is refused. */
function answerClaimed(claimed: Purchase, checkout: StoredCheckout, browser: string, deps: RecordDeps) {
  if (claimed.reference !== checkout.reference || claimed.path !== checkout.path || claimed.cluster !== checkout.cluster) {
    return Promise.resolve(refuse('conflict', 'This transaction has already been claimed for another purchase.'));
  }
  return grantTo(claimed, browser, deps);
}

async function grantTo(purchase: Purchase, browser: string, deps: RecordDeps): Promise<VerifyResult> {
  await deps.ledger.grant(browser, purchase.path, purchase.signature, purchase.cluster, purchase.kind === 'rent' ? 'rent' : 'own');
  if (!(await deps.catalog.getTitle(purchase.path))) return refuse('not_found', `The title ${purchase.path} no longer exists.`);
  return { ok: true, purchase };
}
