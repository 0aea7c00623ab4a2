import { describe, expect, it } from 'vitest';
import { checkCatalog, needsOperator } from '@/lib/catalog/check';
import { formatAmount, formatHours, pricingOf } from '@/lib/catalog/pricing';
import { movieDocSchema, seasonDocSchema } from '@/lib/catalog/schemas';
import { offersOf } from '@/lib/payments/checkout/offers';

const DEFAULT_LAMPORTS = 10_000_000;

describe('a title’s prices, as an operator writes them in the console', () => {
  it('sells a document with no price field at the site’s default, in SOL, to buy (the seed’s documents)', () => {
    expect(pricingOf({ title: 'A' })).toEqual({ kind: 'default' });
    expect(offersOf('trailers/a', pricingOf({}), DEFAULT_LAMPORTS)).toEqual([
      { path: 'trailers/a', kind: 'buy', price: { currency: 'SOL', units: DEFAULT_LAMPORTS } },
    ]);
  });

  it('reads a price in SOL, one in USDC, and a rental with its length', () => {
    expect(pricingOf({ price: 0.05 })).toEqual({ kind: 'own', buy: { currency: 'SOL', units: 50_000_000 }, rent: null });
    expect(pricingOf({ price: 2.5, currency: 'USDC' })).toEqual({ kind: 'own', buy: { currency: 'USDC', units: 2_500_000 }, rent: null });
    expect(pricingOf({ price: 4, currency: ' usdc ', rentalPrice: 1.25, rentalHours: 48 })).toEqual({
      kind: 'own',
      buy: { currency: 'USDC', units: 4_000_000 },
      rent: { price: { currency: 'USDC', units: 1_250_000 }, hours: 48 },
    });
    // A rental alone: offered for rent only.
    const rentOnly = pricingOf({ rentalPrice: 0.02, rentalHours: 72 });
    expect(offersOf('series/s', rentOnly, DEFAULT_LAMPORTS)).toEqual([
      { path: 'series/s', kind: 'rent', price: { currency: 'SOL', units: 20_000_000 }, hours: 72 },
    ]);
  });

  it.each<[string, Record<string, unknown>, RegExp]>([
    ['a price written as text', { price: '0.05' }, /price must be a number/],
    ['a negative price', { price: -1 }, /price must be above 0/],
    ['a price of nothing', { price: 0 }, /price must be above 0/],
    ['more decimals than USDC has', { price: 2.5000001, currency: 'USDC' }, /more than 6 decimals/],
    ['more decimals than SOL has', { price: 0.0000000001 }, /more than 9 decimals/],
    ['a currency we do not take', { price: 1, currency: 'EUR' }, /currency must be "SOL" or "USDC"/],
    ['a currency that is no text', { price: 1, currency: 7 }, /currency must be/],
    ['a rental without its length', { rentalPrice: 0.01 }, /go together/],
    ['a length without a rental price', { price: 1, rentalHours: 48 }, /go together/],
    ['a rental of part of an hour', { rentalPrice: 0.01, rentalHours: 1.5 }, /whole number of hours/],
    ['a rental longer than 30 days', { rentalPrice: 0.01, rentalHours: 24 * 31 }, /from 1 to 720/],
    ['a currency and nothing to pay in it', { currency: 'USDC' }, /a currency without a price/],
    ['an infinite price', { price: Infinity }, /above 0/],
    ['a price set to null in the console', { price: null }, /price is null/],
    ['a rental at the buy price', { price: 0.05, rentalPrice: 0.05, rentalHours: 48 }, /rentalPrice must be below price/],
    ['a rental above the buy price', { price: 1, currency: 'USDC', rentalPrice: 2, rentalHours: 48 }, /rentalPrice must be below price/],
  ])('is malformed with %s: never sold at a guessed price', (_, fields, reason) => {
    const pricing = pricingOf(fields);
    expect(pricing.kind).toBe('malformed');
    expect(pricing.kind === 'malformed' && pricing.problems.join('; ')).toMatch(reason);
    expect(offersOf('trailers/a', pricing, DEFAULT_LAMPORTS)).toEqual([]);
  });

  it('keeps a document with malformed prices: it is shown, only not sold', () => {
    const movie = movieDocSchema.parse({ title: 'A', videourl: 'private:a.mp4', locked: true, price: 'cheap' });
    expect(movie).toMatchObject({ title: 'A', pricing: { kind: 'malformed' } });
  });

  it('sells a season on its own only where its document sets a price', () => {
    expect(offersOf('series/s/seasons/one', seasonDocSchema.parse({ title: 'One', seasonNumber: 1 }).pricing, DEFAULT_LAMPORTS)).toEqual([]);
    expect(offersOf('series/s/seasons/one', seasonDocSchema.parse({ title: 'One', seasonNumber: 1, price: 0.03 }).pricing, DEFAULT_LAMPORTS)).toEqual([
      { path: 'series/s/seasons/one', kind: 'buy', price: { currency: 'SOL', units: 30_000_000 } },
    ]);
  });

  it('writes prices and lengths as a visitor reads them', () => {
    expect(formatAmount({ currency: 'SOL', units: 50_000_000 })).toBe('0.05 SOL');
    expect(formatAmount({ currency: 'USDC', units: 2_500_000 })).toBe('2.50 USDC');
    expect([formatHours(1), formatHours(48), formatHours(36), formatHours(168)]).toEqual(['1 hour', '2 days', '36 hours', '7 days']);
  });

  it('is named by npm run catalog:check, by path, with what is wrong', () => {
    const check = checkCatalog(
      [
        { id: 'a', path: 'trailers/a', data: { title: 'A', videourl: 'private:a.mp4', locked: true, price: '2' } },
        { id: 'b', path: 'trailers/b', data: { title: 'B', videourl: 'private:b.mp4', locked: true, price: 2, currency: 'USDC' } },
      ],
      () => true,
      () => null,
    );
    expect(check.malformedPrices).toEqual([{ path: 'trailers/a', message: expect.stringMatching(/not for sale until fixed: price must be a number/) }]);
    expect(needsOperator(check)).toBe(true);
  });

  it('names a series sold whole at the site’s price while one of its seasons has a price of its own', () => {
    const series = { title: 'S', coverimg: '/c.jpg', description: 'S.', locked: true, totalSeasons: 2, episodeCount: 0 };
    const season = (seasonNumber: number, price?: number) => ({
      title: `Season ${seasonNumber}`,
      coverimg: '/c.jpg',
      description: '.',
      seasonNumber,
      totalEpisodes: 0,
      ...(price && { price }),
    });
    const check = checkCatalog(
      [
        { id: 's', path: 'series/s', data: series },
        { id: 'one', path: 'series/s/seasons/one', data: season(1, 0.5) },
        { id: 'two', path: 'series/s/seasons/two', data: season(2) },
        { id: 'p', path: 'series/p', data: { ...series, price: 1 } },
        { id: 'one', path: 'series/p/seasons/one', data: season(1, 0.5) },
      ],
      () => true,
      () => null,
    );
    expect(check.malformedPrices).toEqual([
      { path: 'series/s', message: expect.stringMatching(/sold whole at the site's price .* series\/s\/seasons\/one has a price/) },
    ]);
  });
});
