import { formatAmount, type Amount } from '../../catalog/pricing';
import type { Catalog } from '../../catalog/types';
import type { StoredCheckout } from './checkout';
import { offerFor, offersOf } from './offers';

/**
 * How long past its window a checkout's price still holds: a wallet approving at the last second, a cluster slow to
 * land it or whose clock runs ahead.
 */
const PRICE_HELD_AFTER_WINDOW_MS = 15 * 60_000;

/** What judging a late payment reads: the title as it is sold now. */
export interface PriceNowDeps {
  catalog: Pick<Catalog, 'getTitle'>;
  /** PRICE_LAMPORTS: what a title with no price of its own costs now. */
  defaultLamports: number;
}

/** A payment that does not buy its title: made after its checkout closed, below what the title costs now. */
export interface Shortfall {
  /** The title's price now for this kind, or null when it is no longer sold that way (or in that currency). */
  priceNow: Amount | null;
  reason: string;
}

/**
 * A checkout's price is honoured for its window (CHECKOUT_WINDOW_SECONDS and PRICE_HELD_AFTER_WINDOW_MS), not for the
 * 30 days it is kept: a payment made after it buys the title only if it meets the title's price now (a price cut since
 * is the buyer's gain; a rise, a shortfall). A title no longer locked, or gone, costs nothing now: credited as ever.
 * Null when the payment buys the title; else the shortfall, which is kept for the studio to refund, never lost.
 */
export async function lateShortfall(checkout: StoredCheckout, blockTime: number | null, deps: PriceNowDeps): Promise<Shortfall | null> {
  // Some RPC nodes do not know a block's time: a payment is never refused for that.
  if (blockTime === null || blockTime * 1000 <= checkout.expiresAt + PRICE_HELD_AFTER_WINDOW_MS) return null;
  const title = await deps.catalog.getTitle(checkout.path);
  if (!title?.locked) return null;
  const paidFor = checkout.offerPrice ?? checkout.price;
  const offer = title.soldThrough ? null : offerFor(offersOf(title.path, title.pricing, deps.defaultLamports), checkout.kind);
  const priceNow = offer && offer.price.currency === paidFor.currency ? offer.price : null;
  if (priceNow && priceNow.units <= paidFor.units) return null;
  const closed = new Date(checkout.expiresAt).toISOString();
  return {
    priceNow,
    reason: priceNow
      ? `This payment was made after its checkout closed (${closed}), and ${title.title} now costs ${formatAmount(priceNow)}: it bought nothing and is kept for a refund. Start the purchase again.`
      : `This payment was made after its checkout closed (${closed}), and ${title.title} is no longer sold this way: it bought nothing and is kept for a refund.`,
  };
}
