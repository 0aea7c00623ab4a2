import { describe, expect, it, vi, beforeEach } from 'vitest';
import type { Ledger } from '@/lib/payments/ledger/ledger';
import { confirmNamed } from '../support/payment-watch';
import { fundedWallet } from '../support/payment-testbed';
import { TEST_CLUSTER } from '../support/purchase-record';
import { BROWSER, OTHER_BROWSER, verifyBed } from '../support/verify-bed';

/** What a confirmed payment grants, and what a failing ledger or catalog answers (payments-verify.test.ts has the rest). */
const { bed, deps, checkout, payAsBrowser, ledgerFiles } = verifyBed(8991);
const { catalog } = bed;

describe('confirming a payment: what the browser is granted', () => {
  it('records the browser that claimed the purchase and grants the title to that browser only', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    const result = await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps);
    expect(result).toMatchObject({ ok: true, purchase: { signature, browser: BROWSER } });
    expect(await bed.ledger.get(signature)).toMatchObject({ browser: BROWSER, path: 'trailers/c-vault' });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
    expect(await bed.ledger.ownedBy(OTHER_BROWSER, TEST_CLUSTER)).toEqual([]);
  });

  it('keeps every title a browser buys', async () => {
    const payer = await fundedWallet(bed);
    for (const path of ['trailers/c-vault', 'series/paid-show']) {
      const started = await checkout(BROWSER, path);
      const signature = await payAsBrowser(payer, started);
      expect((await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps)).ok).toBe(true);
    }
    expect([...(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER))].sort()).toEqual(['series/paid-show', 'trailers/c-vault']);
  });
});

describe('confirming a payment while the ledger is failing', () => {
  /** The file ledger, with one operation failing while `down` is set, as Firestore does when unreachable. */
  function failing(operation: 'create' | 'grant' | 'get') {
    const state = { down: true, calls: 0 };
    const wrapped: Ledger = {
      ...bed.ledger,
      [operation]: async (...args: unknown[]) => {
        state.calls += 1;
        if (state.down) throw Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 });
        return (bed.ledger[operation] as (...a: unknown[]) => Promise<unknown>)(...args);
      },
    };
    return { state, deps: { ...deps, ledger: wrapped } };
  }

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    return () => vi.restoreAllMocks();
  });

  it.each(['create', 'grant', 'get'] as const)(
    'answers 503 "your payment is safe" when the ledger’s %s throws, then finishes the same request once it is back',
    async (operation) => {
      const payer = await fundedWallet(bed);
      const started = await checkout();
      const signature = await payAsBrowser(payer, started);
      const request = { reference: started.checkout.reference, signature, browser: BROWSER };
      const flaky = failing(operation);

      const down = await confirmNamed(request, flaky.deps);
      expect(down).toMatchObject({ ok: false, code: 'unavailable' });
      expect(!down.ok && down.reason).toMatch(/payment is safe/i);
      expect(flaky.state.calls).toBeGreaterThan(0);
      // A retry while it is still down is refused the same way, and loses nothing.
      expect(await confirmNamed(request, flaky.deps)).toMatchObject({ ok: false, code: 'unavailable' });

      flaky.state.down = false;
      const back = await confirmNamed(request, flaky.deps);
      expect(back).toMatchObject({ ok: true, purchase: { signature, browser: BROWSER, path: 'trailers/c-vault' } });
      expect(await ledgerFiles()).toEqual([`${signature}.json`]);
      expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
      // And the answer stays the same afterwards.
      expect(await confirmNamed(request, flaky.deps)).toEqual(back);
      expect(await ledgerFiles()).toHaveLength(1);
    },
  );

  it('answers 503 when the catalog cannot be read, and succeeds once it can', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    const request = { reference: started.checkout.reference, signature, browser: BROWSER };
    let down = true;
    const flakyCatalog = {
      getTitle: (path: string) => (down ? Promise.reject(new Error('catalog unavailable')) : catalog.getTitle(path)),
    };
    expect(await confirmNamed(request, { ...deps, catalog: flakyCatalog })).toMatchObject({
      ok: false,
      code: 'unavailable',
      reason: expect.stringMatching(/payment is safe/i),
    });
    down = false;
    expect((await confirmNamed(request, { ...deps, catalog: flakyCatalog })).ok).toBe(true);
    expect(await ledgerFiles()).toHaveLength(1);
  });
});
