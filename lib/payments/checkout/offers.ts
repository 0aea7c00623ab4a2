import { parseTitlePath } from '../../catalog/kinds';
import type { Amount, Pricing } from '../../catalog/pricing';

/** How a title is bought: to own, or to rent for a while. */
export type PurchaseKind = 'buy' | 'rent';

/**
 * One way to pay for a title, as the server sells it and every page shows it: what is bought (`path`: a movie, a
 * series or short film whole, a season pass), how, and the price. Plain data: pages hand offers to the pay button.
 */
export interface Offer {
  path: string;
  kind: PurchaseKind;
  price: Amount;
  /** A rental's length, from the first play. */
  hours?: number;
  /** A pre-order: the release date (ISO 8601) it plays from (lib/catalog/release.ts). */
  releases?: string;
}

/**
 * The offers of one purchasable document: its own prices, or the site's default (`defaultLamports`, in SOL, to buy)
 * where it sets none; none at all when its prices are malformed (not sold at a guessed price). A season is sold on
 * its own (a pass) only where its document prices it: by default it comes with its series. `releases`: the title is
 * not out yet (preorderDate), so it sells as a pre-order.
 */
export function offersOf(path: string, pricing: Pricing, defaultLamports: number, releases?: string | null): Offer[] {
  if (pricing.kind === 'malformed') return [];
  const preorder = releases ? { releases } : {};
  if (pricing.kind === 'default') {
    return parseTitlePath(path)?.depth === 'season' ? [] : [{ path, kind: 'buy', price: { currency: 'SOL', units: defaultLamports }, ...preorder }];
  }
  const offers: Offer[] = [];
  if (pricing.buy) offers.push({ path, kind: 'buy', price: pricing.buy, ...preorder });
  // A pre-order is sold to own only: a rental not started within 30 days of paying would lapse before the release.
  if (pricing.rent && !releases) offers.push({ path, kind: 'rent', price: pricing.rent.price, hours: pricing.rent.hours });
  return offers;
}

/** The offer a checkout asks for, or null when the title is not sold that way. */
export const offerFor = (offers: readonly Offer[], kind: PurchaseKind) => offers.find((offer) => offer.kind === kind) ?? null;
