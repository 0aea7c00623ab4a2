import { Connection, Keypair, type TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Ledger } from '@/lib/payments/ledger/ledger';
import { DEFAULT_CHECKOUT_WINDOW_MS, checkoutReference, createCheckout } from '@/lib/payments/checkout/checkout';
import { CHECKOUT_KEPT_MS } from '@/lib/payments/checkout/checkout-kept';
import { signToken } from '@/lib/identity/signed-token';
import { confirmNamed, paymentWatch, type WatchDeps } from '../support/payment-watch';
import { fundedWallet } from '../support/payment-testbed';
import { TEST_CLUSTER } from '../support/purchase-record';
import { BROWSER, OTHER_BROWSER, PRICE, SECRET, transfer, verifyBed } from '../support/verify-bed';

const { bed, deps, terms, checkout, send, payAsBrowser, refusedOnHistory, ledgerFiles } = verifyBed(8921);
const { recipient } = bed;

describe('checkout', () => {
  it('issues a fresh reference per checkout, bound to the title and the browser', async () => {
    const a = await checkout();
    const b = await checkout();
    expect(a.checkout).toMatchObject({ path: 'trailers/c-vault', price: { currency: 'SOL', units: PRICE }, kind: 'buy', recipient: recipient.toBase58() });
    expect(a.checkout.reference).not.toBe(b.checkout.reference);
    expect(a.checkout.holder).toBe(b.checkout.holder);
    expect((await checkout(OTHER_BROWSER)).checkout.holder).not.toBe(a.checkout.holder);
  });

  it('hands out a token that names no browser: nothing in it is the browser id, or contains it', async () => {
    const { token } = await checkout();
    const payload = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(payload).not.toHaveProperty('browser');
    for (const value of Object.values(payload)) expect(String(value)).not.toContain(BROWSER);
    expect(token).not.toContain(BROWSER);
  });

  it('keeps each checkout on the server, with its browser, once', async () => {
    const { checkout: started } = await checkout();
    expect(await bed.ledger.checkoutOf(started.reference)).toEqual({ ...started, browser: BROWSER, cluster: TEST_CLUSTER, offerPrice: started.price });
    expect(started.expiresAt - started.issuedAt).toBe(DEFAULT_CHECKOUT_WINDOW_MS);
    expect(await bed.ledger.recordCheckout({ ...started, browser: OTHER_BROWSER, cluster: TEST_CLUSTER })).toBe(false);
    expect(await bed.ledger.checkoutOf(started.reference)).toMatchObject({ browser: BROWSER });
  });

  it('makes the payable window CHECKOUT_WINDOW_SECONDS long when set', async () => {
    const result = await createCheckout({ path: 'trailers/c-vault', kind: 'buy' }, BROWSER, { ...terms, windowMs: 20_000 });
    expect(result.ok && result.checkout.expiresAt - result.checkout.issuedAt).toBe(20_000);
  });

  it('refuses a free title and an unknown one', async () => {
    expect(await createCheckout({ path: 'trailers/b-orbit', kind: 'buy' }, BROWSER, terms)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await createCheckout({ path: 'trailers/nope', kind: 'buy' }, BROWSER, terms)).toMatchObject({ ok: false, code: 'not_found' });
  });
});

describe('what verification trusts: the stored checkout, its browser, this cluster', () => {
  it('finishes a payment whose checkout the previous key signed (ENTITLEMENT_SECRET_PREVIOUS): a rotation drops no pending payment', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    // The token is read with today's key and the rotated-out one; the reference only names the stored checkout, which still binds it to its browser.
    const reference = checkoutReference(['a-new-verify-secret-0123456789abcdef', SECRET], started.token);
    expect(reference).toBe(started.checkout.reference);
    expect(await confirmNamed({ reference: reference!, signature, browser: OTHER_BROWSER }, deps)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await confirmNamed({ reference: reference!, signature, browser: BROWSER }, deps)).toMatchObject({ ok: true });
    expect(await ledgerFiles()).toHaveLength(1);
  });

  it('reads no reference from a checkout token no key of ours signed, though it names a stored checkout', async () => {
    const started = await checkout();
    const forged = signToken('a-stranger-secret-0123456789abcdefgh', 'checkout', started.checkout);
    expect(checkoutReference(SECRET, forged)).toBeNull();
    expect(checkoutReference(SECRET, started.token)).toBe(started.checkout.reference);
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('judges price and recipient by the stored checkout, not by a token a leaked key signed with other terms', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const cheap = signToken(SECRET, 'checkout', { ...started.checkout, price: { currency: 'SOL', units: 1 }, recipient: payer.publicKey.toBase58() });
    const signature = await send(payer, transfer(payer, payer.publicKey, 1, started.checkout.reference));
    const refused = await refusedOnHistory({ reference: checkoutReference(SECRET, cheap)!, signature, browser: BROWSER });
    expect(refused).toMatch(`at least ${PRICE} lamports`);
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('credits nothing for a checkout made on another cluster, and a purchase recorded on another cluster unlocks nothing here', async () => {
    const payer = await fundedWallet(bed);
    const elsewhere = await createCheckout({ path: 'trailers/c-vault', kind: 'buy' }, BROWSER, { ...terms, cluster: 'another-genesis-hash' });
    if (!elsewhere.ok) throw new Error(elsewhere.reason);
    const signature = await payAsBrowser(payer, elsewhere);
    expect(await confirmNamed({ reference: elsewhere.checkout.reference, signature, browser: BROWSER }, deps)).toMatchObject({ ok: false, code: 'conflict' });
    expect(await ledgerFiles()).toHaveLength(0);
    // Verified where it was made, it unlocks the title there only.
    expect(
      await confirmNamed({ reference: elsewhere.checkout.reference, signature, browser: BROWSER }, { ...deps, cluster: 'another-genesis-hash' }),
    ).toMatchObject({
      ok: true,
      purchase: { cluster: 'another-genesis-hash' },
    });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual([]);
    expect(await bed.ledger.byWallet(payer.publicKey.toBase58(), TEST_CLUSTER)).toEqual([]);
  });
});

describe('confirming a payment on a local chain', () => {
  it('accepts a valid payment once, records it, and answers a retry of the same checkout the same way', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    const first = await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps);
    expect(first).toMatchObject({
      ok: true,
      purchase: {
        signature,
        wallet: payer.publicKey.toBase58(),
        path: 'trailers/c-vault',
        price: { currency: 'SOL', units: PRICE },
        reference: started.checkout.reference,
      },
    });
    if (!first.ok) return;
    expect(first.purchase.slot).toBeGreaterThan(0);
    expect(first.purchase.blockTime).toEqual(expect.any(Number));
    expect(await bed.ledger.get(signature)).toEqual(first.purchase);
    const again = await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps);
    expect(again).toEqual(first);
    expect(await ledgerFiles()).toHaveLength(1);
  });

  it('judges, claims and grants a payment once: the browser’s later answers read the purchase back', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    const calls = { create: 0, grant: 0 };
    const counted: Ledger = {
      ...bed.ledger,
      create: (...args) => ((calls.create += 1), bed.ledger.create(...args)),
      grant: (...args) => ((calls.grant += 1), bed.ledger.grant(...args)),
    };
    const watch = paymentWatch({ ...deps, ledger: counted });
    const first = await watch.verify(started.checkout.reference, signature, BROWSER, 'browser:a');
    expect(first).toMatchObject({ ok: true, purchase: { signature } });
    expect(await watch.verify(started.checkout.reference, signature, BROWSER, 'browser:a')).toEqual(first);
    expect(await watch.status(started.checkout.reference, BROWSER, 'browser:a')).toMatchObject({ ok: true, status: { state: 'paid' } });
    expect(calls).toEqual({ create: 1, grant: 1 });
  });

  it('grants a series bought whole to the paying browser', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout(BROWSER, 'series/paid-show');
    const result = await confirmNamed({ reference: started.checkout.reference, signature: await payAsBrowser(payer, started), browser: BROWSER }, deps);
    expect(result.ok && result.purchase.path).toBe('series/paid-show');
    expect(await deps.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toContain('series/paid-show');
  });

  /** Named: it reached the recipient, so the wallet's signature is read and refused. On its history: see refusedOnHistory. */
  const refusals: [string, (payer: Keypair, reference: string) => TransactionInstruction[], 'named' | 'on its history', RegExp][] = [
    ['pays the wrong recipient', (p, ref) => [transfer(p, Keypair.generate().publicKey, PRICE, ref)], 'on its history', /to the recipient/],
    ['pays less than the price', (p, ref) => [transfer(p, recipient, PRICE - 1, ref)], 'named', /at least 10000000 lamports/],
    ['failed on chain', (p, ref) => [transfer(p, recipient, 50_000_000_000, ref)], 'on its history', /failed on chain/],
    ['carries no reference', (p) => [transfer(p, recipient, PRICE)], 'named', /reference/],
    ['carries another checkout’s reference', (p) => [transfer(p, recipient, PRICE, Keypair.generate().publicKey.toBase58())], 'named', /reference/],
  ];

  it.each(refusals)('refuses a transaction that %s, writing nothing', async (_name, build, seen, reason) => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await send(payer, ...build(payer, started.checkout.reference));
    const asked = { reference: started.checkout.reference, signature, browser: BROWSER };
    if (seen === 'named') {
      const result = await confirmNamed(asked, deps);
      expect(result).toMatchObject({ ok: false, code: 'payment_refused' });
      expect(!result.ok && result.reason).toMatch(reason);
    } else expect(await refusedOnHistory(asked)).toMatch(reason);
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('refuses a transaction older than its checkout', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    bed.chain.setTimeOffset(-3600);
    try {
      const signature = await payAsBrowser(payer, started);
      const result = await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps);
      expect(result).toMatchObject({ ok: false, code: 'payment_refused', reason: expect.stringMatching(/older than this checkout/) });
    } finally {
      bed.chain.setTimeOffset(0);
    }
    expect(await ledgerFiles()).toHaveLength(0);
  });

  /** Pays a checkout while the cluster's clock is `offsetSeconds` off ours, then verifies it. */
  async function payWithClusterClock(started: Awaited<ReturnType<typeof checkout>>, offsetSeconds: number, over: WatchDeps = deps) {
    const payer = await fundedWallet(bed);
    bed.chain.setTimeOffset(offsetSeconds);
    try {
      const signature = await payAsBrowser(payer, started);
      return await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, over);
    } finally {
      bed.chain.setTimeOffset(0);
    }
  }

  it('credits a payment that lands an hour after its request expired: the server still keeps the checkout', async () => {
    const started = await checkout();
    expect(await payWithClusterClock(started, 60 * 60)).toMatchObject({ ok: true, purchase: { path: 'trailers/c-vault', browser: BROWSER } });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
  });

  it('holds a checkout’s price for its window only: paid an hour after it, below a price raised since, it buys nothing and is kept to refund', async () => {
    const started = await checkout();
    const raised = { ...deps, defaultLamports: PRICE * 2 };
    const result = await payWithClusterClock(started, 60 * 60, raised);
    expect(result).toMatchObject({ ok: false, code: 'payment_refused', reason: expect.stringMatching(/after its checkout closed .* now costs 0\.02 SOL/) });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual([]);
    const kept = await bed.ledger.extraPayments(TEST_CLUSTER, 10);
    expect(kept).toMatchObject([
      { priceNow: { currency: 'SOL', units: PRICE * 2 }, amount: { currency: 'SOL', units: PRICE }, checkout: { path: 'trailers/c-vault' } },
    ]);
    expect(kept[0]!.credited).toBeUndefined();
  });

  it('honours the checkout’s price within its window however the price moved since, and credits a late payment the price now does not exceed', async () => {
    expect(await payWithClusterClock(await checkout(), 10 * 60, { ...deps, defaultLamports: PRICE * 2 })).toMatchObject({ ok: true });
    expect(await payWithClusterClock(await checkout(), 60 * 60, { ...deps, defaultLamports: PRICE / 2 })).toMatchObject({ ok: true });
    expect(await bed.ledger.extraPayments(TEST_CLUSTER, 10)).toEqual([]);
  });

  it('refuses a checkout past its keeping (30 days), saying so', async () => {
    const started = await checkout(BROWSER, 'trailers/c-vault', Date.now() - CHECKOUT_KEPT_MS - 5 * 60_000);
    const result = await payWithClusterClock(started, 0);
    // Gone (410), the server's verdict on it: the browser drops it, where a 400 (an unreadable token) it keeps.
    expect(result).toMatchObject({ ok: false, code: 'expired', reason: expect.stringMatching(/no longer kept/) });
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('honours a payment made within the checkout’s window, however much later it is verified', async () => {
    const started = await checkout(BROWSER, 'trailers/c-vault', Date.now() - 3 * 60 * 60_000);
    // Stamped 20 minutes into a 30-minute window that closed two and a half hours ago.
    expect(await payWithClusterClock(started, -3 * 60 * 60 + 20 * 60)).toMatchObject({ ok: true });
  });

  it('does not refuse a valid payment because the cluster’s clock lags ours by minutes', async () => {
    expect(await payWithClusterClock(await checkout(), -5 * 60)).toMatchObject({ ok: true });
  });

  it('never refuses a payment because the RPC knows no block time for it', async () => {
    const noBlockTime: WatchDeps['connection'] = {
      getSignaturesForAddress: (...args) => bed.connection.getSignaturesForAddress(...args),
      getParsedTransaction: async (...args: Parameters<Connection['getParsedTransaction']>) => {
        const found = await bed.connection.getParsedTransaction(...args);
        return found && { ...found, blockTime: null };
      },
    };
    const started = await checkout(BROWSER, 'trailers/c-vault', Date.now() - 3 * 60 * 60_000);
    expect(await payWithClusterClock(started, 0, { ...deps, connection: noBlockTime })).toMatchObject({ ok: true, purchase: { blockTime: null } });
  });

  it('refuses a signature replayed from another browser, by its checkout or by its own', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    const stolen = await confirmNamed({ reference: started.checkout.reference, signature, browser: OTHER_BROWSER }, deps);
    expect(stolen).toMatchObject({ ok: false, code: 'forbidden' });
    const own = await checkout(OTHER_BROWSER);
    expect(await confirmNamed({ reference: own.checkout.reference, signature, browser: OTHER_BROWSER }, deps)).toMatchObject({
      ok: false,
      code: 'payment_refused',
    });
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('refuses a signature already claimed by another checkout', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    expect((await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps)).ok).toBe(true);
    const second = await checkout();
    // Judged before the ledger is read: it carries the first checkout's reference, not this one's.
    expect(await confirmNamed({ reference: second.checkout.reference, signature, browser: BROWSER }, deps)).toMatchObject({
      ok: false,
      code: 'payment_refused',
      reason: expect.stringMatching(/reference/),
    });
    expect(await ledgerFiles()).toHaveLength(1);
  });

  it('refuses an unknown signature, and reads no reference from an altered checkout', async () => {
    const started = await checkout();
    const unknown = '5'.repeat(88);
    expect(await confirmNamed({ reference: started.checkout.reference, signature: unknown, browser: BROWSER }, deps)).toMatchObject({
      ok: false,
      code: 'not_found',
    });
    const [body, mac] = started.token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...started.checkout, price: { currency: 'SOL', units: 1 } })).toString('base64url');
    expect(checkoutReference(SECRET, `${forged}.${mac}`)).toBeNull();
    expect(body).toBeTruthy();
    expect(await ledgerFiles()).toHaveLength(0);
  });

  it('answers 503 while the RPC is down, then accepts the same payment once it is back', async () => {
    const payer = await fundedWallet(bed);
    const started = await checkout();
    const signature = await payAsBrowser(payer, started);
    bed.chain.setRpcDown(true);
    try {
      const down = await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps);
      expect(down).toMatchObject({ ok: false, code: 'unavailable' });
      expect(await ledgerFiles()).toHaveLength(0);
    } finally {
      bed.chain.setRpcDown(false);
    }
    expect((await confirmNamed({ reference: started.checkout.reference, signature, browser: BROWSER }, deps)).ok).toBe(true);
  });
});
