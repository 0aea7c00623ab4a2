import { describe, expect, it } from 'vitest';
import { NOT_FOR_SALE, offerLine, offerName, priceSummary } from '@/lib/payments/checkout/offer-words';
import type { Offer } from '@/lib/payments/checkout/offers';

const sol = (units: number) => ({ currency: 'SOL' as const, units });
const buy: Offer = { path: 'shortFilms/glass-harvest', kind: 'buy', price: sol(60_000_000) };
const rent: Offer = { path: 'shortFilms/glass-harvest', kind: 'rent', price: sol(20_000_000), hours: 48 };

describe('the words a price is shown in', () => {
  it('names each offer by what it sells: to keep, to rent for its length, a season pass, the whole series', () => {
    expect(offerLine(buy)).toBe('Buy · 0.06 SOL');
    expect(offerLine(rent)).toBe('Rent 2 days · 0.02 SOL');
    expect(offerName({ path: 'series/wild-frequencies/seasons/season-one', kind: 'buy' })).toBe('Season pass');
    expect(offerName({ path: 'series/wild-frequencies', kind: 'buy' })).toBe('The whole series');
    expect(offerName({ path: 'series/wild-frequencies/seasons/season-one/episodes/e', kind: 'buy' })).toBe('Buy');
    expect(offerName({ path: 'trailers/a', kind: 'rent', hours: 5 })).toBe('Rent 5 hours');
  });

  it('gives a card one price, the lowest of several "from", per currency; or says it is not for sale', () => {
    expect(priceSummary([buy])).toBe('0.06 SOL');
    expect(priceSummary([buy, rent])).toBe('From 0.02 SOL');
    expect(priceSummary([{ ...buy, price: { currency: 'USDC', units: 2_500_000 } }])).toBe('2.50 USDC');
    expect(priceSummary([{ ...buy, price: { currency: 'USDC', units: 2_500_000 } }, rent])).toBe('From 2.50 USDC or 0.02 SOL');
    expect(priceSummary([])).toBe(NOT_FOR_SALE);
  });
});
