import { formatHours } from '@/lib/catalog/pricing';
import { offerName } from '@/lib/payments/checkout/offer-words';
import type { Receipt } from '@/lib/payments/ownership/receipts';

/** What a payment bought, in the words its offer was sold by: "Rented for 2 days", "Season pass, to keep", "Bought to keep". */
export function boughtAs(path: string, { kind, hours }: NonNullable<Receipt['payment']>): string {
  if (kind === 'rent') return `Rented for ${formatHours(hours ?? 0)}`;
  const name = offerName({ path, kind });
  return name === 'Buy' ? 'Bought to keep' : `${name}, to keep`;
}
