import { KINDS, parseTitlePath } from '../../catalog/kinds';
import type { TitleDay } from '../../figures/daily';
import type { Purchase } from '../ledger/ledger';

/** What a sale was: a rental, a pass (a series, a season or a short film bought whole) or a purchase (a movie, an episode). */
export type SaleKind = 'rental' | 'pass' | 'purchase';

export function saleKindOf({ path, kind }: Pick<Purchase, 'path' | 'kind'>): SaleKind {
  if (kind === 'rent') return 'rental';
  const address = parseTitlePath(path);
  const whole = address?.depth === 'season' || (address?.depth === 'title' && KINDS[address.kind].beneath.length > 0);
  return whole ? 'pass' : 'purchase';
}

const METRIC_OF_SALE = { rental: 'rentals', pass: 'passes', purchase: 'purchases' } as const;

/** What a sale adds to its title's day in the studio's figures: one of its kind, and its amount. */
export const saleFigures = (purchase: Pick<Purchase, 'path' | 'kind' | 'price' | 'channel'>): TitleDay => ({
  [METRIC_OF_SALE[saleKindOf(purchase)]]: 1,
  ...(purchase.channel === 'blink' && { blinkSales: 1 }),
  amounts: { [purchase.price.currency]: purchase.price.units },
});
