import type { Catalog } from '../../catalog/types';
import type { StoredCheckout } from '../checkout/checkout';
import type { Ledger, Purchase } from '../ledger/ledger';
import { refuse, type Refusal } from '../../errors';
import { describeFailure } from '../../failure';
import { lateShortfall } from '../checkout/late-price';
import { judgePayment, type Paid, type PaymentFacts } from '../chain/payment-facts';

export interface ClaimDeps {
  ledger: Ledger;
  catalog: Pick<Catalog, 'getTitle'>;
  /** The genesis hash of the cluster this site verifies on: checkouts and purchases of another one count for nothing. */
  cluster: string;
  /** PRICE_LAMPORTS: what a title with no price of its own costs now (a late payment is held to it, late-price.ts). */
  defaultLamports: number;
  /** Where a gift's purchase becomes its link (lib/payments/gifts/gift-ledger.ts); the site always has it, a test selling no gifts may not. */
  gifts?: GiftRecorder;
}

/** Records the gift a purchase paid for, once (a retry of the claim records nothing new); `giver`: the browser that paid. */
export interface GiftRecorder {
  record(purchase: Purchase, giver: string): Promise<void>;
}

export type ClaimResult = { ok: true; purchase: Purchase } | Refusal;

type StoredCheckoutResult = { ok: true; checkout: StoredCheckout } | Refusal;

/**
 * The server's copy of the checkout a browser brings back (by the reference its token named): started by this
 * browser, on this cluster, and still kept (the ledger forgets it after 30 days). Its price and recipient are what a payment must meet.
 */
export async function storedCheckout(
  reference: string,
  browser: string,
  deps: Pick<ClaimDeps, 'cluster'> & { ledger: Pick<Ledger, 'checkoutOf'> },
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
 * The one way a payment becomes a purchase: what the chain said of `signature`'s transaction (read once, by a look
 * or a restore) is judged against the checkout the server kept, once, before any ledger read, so junk costs the
 * ledger nothing; then the signature is claimed once (create-once) and the title granted to `browser`. Nothing the
 * browser says is trusted: its token only named the checkout, whose terms the server kept.
 */
export async function claimPayment(checkout: StoredCheckout, signature: string, facts: PaymentFacts, browser: string, deps: ClaimDeps): Promise<ClaimResult> {
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster.');
  const paid = judgePayment(facts, checkout);
  if (typeof paid === 'string') return refuse('payment_refused', paid);
  return safely(signature, async () => {
    const claimed = await deps.ledger.get(signature);
    return claimed ? answerClaimed(claimed, checkout, browser, deps) : recordPayment(checkout, signature, facts, paid, browser, deps);
  });
}

/**
 * The purchase a look already claimed for this checkout (and granted to its browser), read back for the browser
 * asking: no second judgment, claim or grant. Null when the ledger holds none for it.
 */
export async function claimedPurchase(checkout: StoredCheckout, signature: string, deps: Pick<ClaimDeps, 'ledger'>): Promise<ClaimResult | null> {
  return safely(signature, async () => {
    const claimed = await deps.ledger.get(signature);
    return claimed && isPurchaseOf(claimed, checkout) ? { ok: true, purchase: claimed } : null;
  });
}

/** The ledger or the catalog failed (Firestore unreachable): the browser keeps the signature and retries. */
async function safely<T>(signature: string, work: () => Promise<T | Refusal>): Promise<T | Refusal> {
  try {
    return await work();
  } catch (error) {
    console.error(`[payments] could not record ${signature}: ${describeFailure(error)}`);
    return refuse('unavailable', 'We could not record your payment just now. Your payment is safe; it will be finished when you come back.');
  }
}

async function recordPayment(checkout: StoredCheckout, signature: string, facts: PaymentFacts, paid: Paid, browser: string, deps: ClaimDeps) {
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
    ...(checkout.channel && { channel: checkout.channel }),
    ...(checkout.code !== undefined && { code: checkout.code }),
    ...(checkout.gift && { gift: true as const }),
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
  deps: ClaimDeps,
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
function answerClaimed(claimed: Purchase, checkout: StoredCheckout, browser: string, deps: ClaimDeps) {
  if (!isPurchaseOf(claimed, checkout)) {
    return Promise.resolve(refuse('conflict', 'This transaction has already been claimed for another purchase.'));
  }
  return grantTo(claimed, browser, deps);
}

const isPurchaseOf = (claimed: Purchase, checkout: StoredCheckout) =>
  claimed.reference === checkout.reference && claimed.path === checkout.path && claimed.cluster === checkout.cluster;

/** What a claimed payment gives its browser: the title, or for a gift, its link (the title is the claimer's). */
async function grantTo(purchase: Purchase, browser: string, deps: ClaimDeps): Promise<ClaimResult> {
  if (purchase.gift) {
    if (!deps.gifts) throw new Error(`${purchase.signature} pays for a gift, and this server records none`);
    await deps.gifts.record(purchase, purchase.browser ?? browser);
    return { ok: true, purchase };
  }
  await deps.ledger.grant(browser, purchase.path, purchase.signature, purchase.cluster, purchase.kind === 'rent' ? 'rent' : 'own');
  if (!(await deps.catalog.getTitle(purchase.path))) return refuse('not_found', `The title ${purchase.path} no longer exists.`);
  return { ok: true, purchase };
}
