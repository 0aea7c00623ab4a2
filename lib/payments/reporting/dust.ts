import type { Amount } from '../../catalog/pricing';
import type { Ledger, TransferList } from '../ledger/ledger-records';

/**
 * Sorts a transfer naming no checkout of ours (or paying one too little) into the studio's strays, or into its dust
 * when it is below the smallest price a kept checkout asks in its currency: fractions of a cent sent by the thousand
 * (address poisoning) then never push a payment someone meant off the page. With no checkout kept, nothing is dust.
 * The floor is read once per currency every `everyMs` (one indexed read), however many transfers a look notes.
 */
export function strayListOf(ledger: Pick<Ledger, 'smallestAsked'>, cluster: string, everyMs: number, now: () => number) {
  const floors = new Map<Amount['currency'], { at: number; units: Promise<number | null> }>();
  const floorOf = (currency: Amount['currency']) => {
    const known = floors.get(currency);
    if (known && now() - known.at < everyMs) return known.units;
    const units = ledger.smallestAsked(cluster, currency).catch(() => null);
    floors.set(currency, { at: now(), units });
    return units;
  };
  return async (amount: Amount): Promise<Exclude<TransferList, 'unclaimed'>> => {
    const floor = await floorOf(amount.currency);
    return floor !== null && amount.units < floor ? 'dust' : 'stray';
  };
}
