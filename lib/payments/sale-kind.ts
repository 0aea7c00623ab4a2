import { KINDS, parseTitlePath } from '../catalog/kinds';
import type { Purchase } from './ledger';

/** What a sale was: a rental, a pass (a series, a season or a short film bought whole) or a purchase (a movie, an episode). */
export type SaleKind = 'rental' | 'pass' | 'purchase';

export function saleKindOf({ path, kind }: Pick<Purchase, 'path' | 'kind'>): SaleKind {
  if (kind === 'rent') return 'rental';
  const address = parseTitlePath(path);
  const whole = address?.depth === 'season' || (address?.depth === 'title' && KINDS[address.kind].beneath.length > 0);
  return whole ? 'pass' : 'purchase';
}
