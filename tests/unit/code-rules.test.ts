import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { createCheckout, type CheckoutTerms, type StoredCheckout } from '@/lib/payments/checkout/checkout';
import { codeTextSchema, inScope, isScreener, offWords, priceWithCode, promoCodeSchema, whyNotUsable, type PromoCode } from '@/lib/payments/codes/code-rules';
import { fixtureDocuments } from '../fixtures/catalog-documents';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 11, 7);
const code = (fields: Partial<PromoCode> = {}): PromoCode =>
  promoCodeSchema.parse({ code: 'SPRING', off: { type: 'percent', percent: 50 }, scope: { type: 'all' }, createdAt: '2026-12-01T00:00:00Z', ...fields });
const sol = (units: number) => ({ currency: 'SOL' as const, units });

describe('a code’s text', () => {
  it('is case-insensitive: typed in any case, with spaces around, it is the same code', () => {
    expect(codeTextSchema.parse('  halfOff ')).toBe('HALFOFF');
    expect(codeTextSchema.safeParse('no spaces inside').success).toBe(false);
    expect(codeTextSchema.safeParse('ab').success).toBe(false);
  });
});

describe('what a code takes off', () => {
  it('a percent takes its share off (rounded down), an amount off only a price in its currency, neither to nothing', () => {
    expect(priceWithCode(code(), sol(10_000_000))).toEqual({ ok: true, price: sol(5_000_000) });
    expect(priceWithCode(code({ off: { type: 'percent', percent: 33 } }), sol(10))).toEqual({ ok: true, price: sol(7) });
    expect(priceWithCode(code({ off: { type: 'percent', percent: 99 } }), sol(1))).toEqual({ ok: true, price: sol(1) });
    const amount = code({ off: { type: 'amount', amount: { currency: 'USDC', units: 1_000_000 } } });
    expect(priceWithCode(amount, { currency: 'USDC', units: 2_500_000 })).toEqual({ ok: true, price: { currency: 'USDC', units: 1_500_000 } });
    expect(priceWithCode(amount, { currency: 'USDC', units: 500_000 })).toEqual({ ok: true, price: { currency: 'USDC', units: 1 } });
    expect(priceWithCode(amount, sol(10_000_000))).toEqual({ ok: false, reason: 'Code SPRING takes 1.00 USDC off prices in USDC; this one is in SOL.' });
  });

  it('a 100 % code is a screener: free, and named so', () => {
    const screener = code({ off: { type: 'percent', percent: 100 } });
    expect(isScreener(screener)).toBe(true);
    expect(isScreener(code())).toBe(false);
    expect(priceWithCode(screener, sol(10_000_000))).toEqual({ ok: true, price: sol(0) });
    expect(offWords(screener)).toBe('free (screener)');
    expect(offWords(code())).toBe('50 % off');
  });
});

describe('when and where a code is taken', () => {
  it('names why: not started, ended, for another title or kind, spent', () => {
    expect(whyNotUsable(code({ startsAt: NOW + DAY }), 'trailers/a', NOW)).toBe('Code SPRING starts on 2026-12-08.');
    expect(whyNotUsable(code({ endsAt: NOW }), 'trailers/a', NOW)).toBe('Code SPRING ended on 2026-12-06.');
    expect(whyNotUsable(code({ scope: { type: 'title', path: 'trailers/b' } }), 'trailers/a', NOW)).toBe(
      'Code SPRING is not for this title: it is for trailers/b.',
    );
    expect(whyNotUsable(code({ scope: { type: 'kind', kind: 'series' } }), 'trailers/a', NOW)).toBe('Code SPRING is not for this title: it is for Series.');
    expect(whyNotUsable(code({ cap: 2, uses: 2 }), 'trailers/a', NOW)).toBe('Code SPRING has been used as many times as it may (2).');
    expect(whyNotUsable(code({ cap: 2, uses: 1, startsAt: NOW - DAY, endsAt: NOW + DAY }), 'trailers/a', NOW)).toBeNull();
  });

  it('a use already counted (the same browser and title) is not held to the cap again', () => {
    expect(whyNotUsable(code({ cap: 1, uses: 1 }), 'trailers/a', NOW, false)).toBeNull();
  });

  it('a title’s code covers what is beneath it (a season pass), not a title whose path only starts alike', () => {
    const scope = { type: 'title' as const, path: 'series/show' };
    expect(inScope(scope, 'series/show')).toBe(true);
    expect(inScope(scope, 'series/show/seasons/one')).toBe(true);
    expect(inScope(scope, 'series/show-two')).toBe(false);
    expect(inScope({ type: 'kind', kind: 'series' }, 'series/show/seasons/one')).toBe(true);
    expect(inScope({ type: 'all' }, 'documentaries/x')).toBe(true);
  });
});

describe('a checkout with a code', () => {
  const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });
  const kept: StoredCheckout[] = [];
  const terms: CheckoutTerms = {
    secret: 'code-rules-secret-0123456789abcdef',
    recipient: Keypair.generate().publicKey.toBase58(),
    defaultLamports: 10_000_000,
    usdcMint: Keypair.generate().publicKey.toBase58(),
    cluster: 'cluster',
    catalog,
    checkouts: { recordCheckout: async (checkout) => (kept.push(checkout), true) },
  };

  it('fixes the price the redeemer answers, keeps the code with it, and starts nothing when the code is refused', async () => {
    const path = 'trailers/c-vault';
    const redeemed: string[] = [];
    const started = await createCheckout({ path, kind: 'buy', code: 'HALFOFF' }, 'browser', {
      ...terms,
      redeemCode: async (text, title, price) => (redeemed.push(`${text} ${title.path}`), { ok: true, code: text, price: { ...price, units: price.units / 2 } }),
    });
    expect(started).toMatchObject({ ok: true, checkout: { price: sol(5_000_000), code: 'HALFOFF' } });
    expect(kept.at(-1)).toMatchObject({ price: sol(5_000_000), code: 'HALFOFF', offerPrice: sol(10_000_000) });
    expect(redeemed).toEqual([`HALFOFF ${path}`]);

    const before = kept.length;
    const refused = await createCheckout({ path, kind: 'buy', code: 'NOPE' }, 'browser', {
      ...terms,
      redeemCode: async () => ({ ok: false, code: 'not_found', reason: 'There is no code NOPE: check its spelling.' }),
    });
    expect(refused).toEqual({ ok: false, code: 'not_found', reason: 'There is no code NOPE: check its spelling.' });
    expect(kept).toHaveLength(before);
    // Where no redeemer is given (a Blink), a code is not taken.
    expect(await createCheckout({ path, kind: 'buy', code: 'HALFOFF' }, 'browser', terms)).toMatchObject({ ok: false, code: 'invalid_request' });
  });
});
