import 'server-only';
import { refuse, type Refusal } from '../../errors';
import type { PurchaseKind } from '../checkout/offers';
import { openCheckout } from '../checkout/start-checkout';
import { buildPaymentTransaction } from '../checkout/transaction-request';
import { confirmPayment } from '../confirm/confirm-payment';
import { titleActionAt, type TitleAction } from './title-action';

/** An offer of a page, as a Blink's button names it. */
export interface ChosenOffer {
  path: string;
  kind: PurchaseKind;
}

/**
 * Who a Blink's checkout is for. A Blink client brings no browser of ours, only the buyer's wallet: the wallet stands
 * for the browser, so its purchase is granted to no browser until one restores with that wallet (any browser, any
 * device), and one wallet's unfinished checkouts are counted once (lib/figures). No cookie can name it.
 */
const buyerOf = (account: string) => `blink:${account}`;

interface StartedBlink {
  action: TitleAction;
  /** The unsigned transaction, base64, paying exactly the page's price with the checkout's reference. */
  transaction: string;
  message: string;
  /** The checkout's signed token, which the transaction's `links.next` carries back. */
  token: string;
}

/**
 * A Blink's button pressed by `account`: a checkout of that offer of the page (channel `blink`) and its transaction,
 * built by the pay dialog's own builder (same price, reference, memo, fee). Only an offer the page shows is sold.
 */
export async function startBlinkPurchase(
  pagePath: string,
  chosen: ChosenOffer,
  account: string,
  address: string | null,
): Promise<({ ok: true } & StartedBlink) | Refusal> {
  const found = await titleActionAt(pagePath);
  if (!found.ok) return found;
  const { action } = found;
  if (action.closed) return refuse('conflict', action.closed);
  const offer = action.offers.find(({ path, kind }) => path === chosen.path && kind === chosen.kind);
  if (!offer) return refuse('invalid_request', `${action.name} is not offered that way here: pick one of the Blink's buttons.`);
  const buyer = buyerOf(account);
  const opened = await openCheckout({ path: offer.path, kind: offer.kind }, buyer, { browser: buyer, owns: 'none' }, { address, channel: 'blink' });
  if (!opened.ok) return opened;
  const built = await buildPaymentTransaction(opened.checkout.reference, { account });
  if (!built.ok) return built;
  return { ok: true, action, transaction: built.answer.transaction, message: built.answer.message, token: opened.token };
}

/** Where a Blink's payment stands once its client sent it: paid (claimed once, as every payment), or still on its way. */
export type BlinkOutcome = { ok: true; paid: boolean } | Refusal;

/**
 * The Blink client sent the transaction (`links.next`): the shared looks confirm it as they confirm a Phantom payment,
 * for the wallet that asked for the checkout. Not seen yet is no failure: the looks and a restore still find it.
 */
export async function finishBlinkPurchase(reference: string, account: string, signature: string, group: string): Promise<BlinkOutcome> {
  const confirmed = await confirmPayment(reference, signature, buyerOf(account), group);
  if (confirmed.ok) return { ok: true, paid: true };
  return confirmed.code === 'not_found' || confirmed.code === 'unavailable' ? { ok: true, paid: false } : confirmed;
}
