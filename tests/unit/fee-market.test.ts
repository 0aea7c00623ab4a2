import { Keypair } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import {
  BLOCKHASH_EVERY_MS,
  EXPIRED_AGAIN_MS,
  FEES_EVERY_MS,
  UNIT_PRICE_CEILING,
  UNIT_PRICE_FLOOR,
  feeMarket,
  unitPriceOf,
} from '@/lib/payments/checkout/fee-market';
import type { SharedValues } from '@/lib/payments/chain/genesis-hash';

const fees = (...prices: number[]) => prices.map((prioritizationFee, slot) => ({ slot, prioritizationFee }));

/** A chain answering a new blockhash per read, and the fees it is given; every call counted. */
function fakeChain(prices: number[] = [20_000]) {
  let reads = 0;
  const connection = {
    getLatestBlockhash: vi.fn(async () => ({ blockhash: `hash-${++reads}`, lastValidBlockHeight: 100 + reads })),
    getRecentPrioritizationFees: vi.fn(async () => fees(...prices)),
  };
  return connection;
}

const memoryStore = (): SharedValues & { values: Map<string, string> } => {
  const values = new Map<string, string>();
  return { values, get: async (key) => values.get(key) ?? null, set: async (key, value) => values.set(key, value) };
};

describe('unitPriceOf', () => {
  it('pays the 75th percentile of what recent slots asked, within the floor and the ceiling', () => {
    expect(unitPriceOf(fees(0, 0, 0, 0))).toBe(UNIT_PRICE_FLOOR);
    expect(unitPriceOf([])).toBe(UNIT_PRICE_FLOOR);
    expect(unitPriceOf(fees(10_000, 20_000, 30_000, 40_000))).toBe(40_000);
    expect(unitPriceOf(fees(...Array.from({ length: 100 }, (_, i) => (i + 1) * 1_000)))).toBe(76_000);
    expect(unitPriceOf(fees(50_000_000))).toBe(UNIT_PRICE_CEILING);
  });
});

describe('feeMarket', () => {
  it('reads the blockhash once per interval and the fees once a minute, however many transactions are built', async () => {
    let now = 0;
    const chain = fakeChain();
    const market = feeMarket(chain, { accounts: () => [Keypair.generate().publicKey], now: () => now });
    const first = await Promise.all(Array.from({ length: 50 }, () => market.terms()));
    expect(new Set(first.map((terms) => terms.blockhash))).toEqual(new Set(['hash-1']));
    expect(first[0]).toEqual({ blockhash: 'hash-1', lastValidBlockHeight: 101, unitPriceMicroLamports: 20_000 });
    now = BLOCKHASH_EVERY_MS - 1;
    await market.terms();
    expect(chain.getLatestBlockhash).toHaveBeenCalledTimes(1);
    now = BLOCKHASH_EVERY_MS;
    expect((await market.terms()).blockhash).toBe('hash-2');
    now = FEES_EVERY_MS;
    await Promise.all(Array.from({ length: 10 }, () => market.terms()));
    expect(chain.getLatestBlockhash).toHaveBeenCalledTimes(3);
    expect(chain.getRecentPrioritizationFees).toHaveBeenCalledTimes(2);
  });

  it('answers a wallet that found the blockhash expired with a newer one, but reads again at most every 5 s', async () => {
    let now = 0;
    const chain = fakeChain();
    const market = feeMarket(chain, { accounts: () => [], now: () => now });
    const { blockhash } = await market.terms();
    now = EXPIRED_AGAIN_MS - 1;
    // Read a moment ago: the same one (a wallet cannot make the server read the chain per request).
    expect((await market.terms(blockhash)).blockhash).toBe(blockhash);
    now = EXPIRED_AGAIN_MS;
    const fresh = await Promise.all(Array.from({ length: 5 }, () => market.terms(blockhash)));
    expect(new Set(fresh.map((terms) => terms.blockhash))).toEqual(new Set(['hash-2']));
    // A stale or made-up "expired" blockhash changes nothing.
    expect((await market.terms('not-ours')).blockhash).toBe('hash-2');
    expect(chain.getLatestBlockhash).toHaveBeenCalledTimes(2);
  });

  it('shares its reads across instances, and keeps the last price (or the floor) when the fees cannot be read', async () => {
    const store = memoryStore();
    const chain = fakeChain([60_000]);
    const one = feeMarket(chain, { accounts: () => [], shared: () => store, now: () => 0 });
    const other = feeMarket(chain, { accounts: () => [], shared: () => store, now: () => 0 });
    const terms = await one.terms();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await other.terms()).toEqual(terms);
    expect(chain.getLatestBlockhash).toHaveBeenCalledTimes(1);
    expect(chain.getRecentPrioritizationFees).toHaveBeenCalledTimes(1);

    const failing = { ...fakeChain(), getRecentPrioritizationFees: vi.fn(async () => Promise.reject(new Error('429 Too Many Requests'))) };
    const log = vi.fn();
    const alone = feeMarket(failing, { accounts: () => [], now: () => 0, log });
    expect((await alone.terms()).unitPriceMicroLamports).toBe(UNIT_PRICE_FLOOR);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('429'));
  });
});
