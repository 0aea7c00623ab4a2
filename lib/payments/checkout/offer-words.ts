import { parseTitlePath } from '../../catalog/kinds';
import { formatAmount, formatHours, type Amount } from '../../catalog/pricing';
import type { Offer } from './offers';

/**
 * An offer as a page shows it and the purchase dialog offers it: the server's offer, and what it opens in words the
 * server chose from the catalog (lib/payments/checkout/title-offers.ts). Plain data and plain words: server components write
 * them into the page, and the dialog, loaded on the first pay click, reads the same.
 */
export interface ShownOffer extends Offer {
  covers: string;
}

/** What a title whose price is malformed says instead of one: it is never sold at a guessed price. */
export const NOT_FOR_SALE = 'Not for sale just now';

/** "Buy", "Rent 2 days", "Season pass", "The whole series", "Pre-order": an offer's name beside its price. */
export function offerName({ path, kind, hours, releases }: Pick<Offer, 'path' | 'kind' | 'hours' | 'releases'>): string {
  if (kind === 'rent') return `Rent ${formatHours(hours ?? 0)}`;
  const address = parseTitlePath(path);
  if (address?.depth === 'season') return releases ? 'Pre-order the season pass' : 'Season pass';
  if (address?.depth === 'title' && address.kind === 'series') return releases ? 'Pre-order the whole series' : 'The whole series';
  return releases ? 'Pre-order' : 'Buy';
}

/** Whether offers sell a title not out yet: its pay controls say "Pre-order". */
export const isPreorder = (offers: readonly Pick<Offer, 'releases'>[]) => offers.some((offer) => offer.releases !== undefined);

/** "Rent 2 days · 0.02 SOL" */
export const offerLine = (offer: Offer) => `${offerName(offer)} · ${formatAmount(offer.price)}`;

/** A card's price: its one price, "From …" the lowest of several (in each currency offered), or not for sale. */
export function priceSummary(offers: readonly Offer[]): string {
  const [only] = offers;
  if (!only) return NOT_FOR_SALE;
  if (offers.length === 1) return formatAmount(only.price);
  const lowest = new Map<Amount['currency'], Amount>();
  for (const { price } of offers) if (price.units < (lowest.get(price.currency)?.units ?? Infinity)) lowest.set(price.currency, price);
  return `From ${[...lowest.values()].map(formatAmount).join(' or ')}`;
}
