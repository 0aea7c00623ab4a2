import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalChain, type LocalChain } from '@/e2e/support/chain';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { paymentTransaction } from '@/lib/payments/checkout/payment-transaction';
import { UNIT_PRICE_FLOOR } from '@/lib/payments/checkout/fee-market';
import { createCheckout } from '@/lib/payments/checkout/checkout';
import { fileLedger } from '@/lib/payments/ledger/ledger';
import { providerBackoff, timedFetch } from '@/lib/payments/chain/rpc';
import { confirmNamed } from '../support/payment-watch';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

const PORT = 8931;
const TIMEOUT_MS = 600;
const SECRET = 'rpc-timeout-secret-0123456789abcdef';
const BROWSER = 'browser-a-0123456789ab';
const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });

let chain: LocalChain;
/** The server's connection, configured as lib/payments/wiring.ts does, with a short timeout. */
let timed: Connection;

beforeAll(async () => {
  chain = await startLocalChain({ port: PORT });
  timed = new Connection(chain.url, { commitment: 'confirmed', fetch: timedFetch(TIMEOUT_MS) });
});
afterAll(() => chain.stop());

/** A real payment of a checkout, confirmed on the local chain, as the browser makes it. */
async function paidCheckout() {
  const connection = new Connection(chain.url, 'confirmed');
  const payer = Keypair.generate();
  await chain.airdrop(payer.publicKey, 2_000_000_000);
  const ledger = fileLedger(await mkdtemp(join(tmpdir(), 'solenema-ledger-')));
  const started = await createCheckout({ path: 'trailers/c-vault', kind: 'buy' }, BROWSER, {
    secret: SECRET,
    recipient: Keypair.generate().publicKey.toBase58(),
    defaultLamports: 10_000_000,
    usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
    cluster: TEST_CLUSTER,
    catalog,
    checkouts: ledger,
  });
  if (!started.ok) throw new Error(started.reason);
  const blockhash = await connection.getLatestBlockhash('confirmed');
  const tx = paymentTransaction(payer.publicKey, started.checkout, { ...blockhash, unitPriceMicroLamports: UNIT_PRICE_FLOOR });
  tx.sign(payer);
  const signature = await connection.sendRawTransaction(tx.serialize());
  await connection.confirmTransaction({ signature, ...blockhash }, 'confirmed');
  return { reference: started.checkout.reference, signature, ledger };
}

describe('timedFetch', () => {
  it('aborts a request the server never answers, and still honours the caller’s own signal', async () => {
    chain.setRpcDown(true, 'hang');
    try {
      const started = Date.now();
      await expect(timedFetch(200)(chain.url, { method: 'POST', body: '{}' })).rejects.toThrow(/abort|timeout/i);
      expect(Date.now() - started).toBeLessThan(2_000);
      const caller = new AbortController();
      const pending = timedFetch(60_000)(chain.url, { method: 'POST', body: '{}', signal: caller.signal });
      caller.abort();
      await expect(pending).rejects.toThrow(/abort/i);
    } finally {
      chain.setRpcDown(false);
    }
  });
});

describe('confirming a payment under a hung RPC', () => {
  it('answers 503 "your payment is safe" within about the timeout, then verifies once the RPC answers', async () => {
    const { reference, signature, ledger } = await paidCheckout();
    const deps = { connection: timed, ledger, catalog, cluster: TEST_CLUSTER, defaultLamports: TEST_DEFAULT_LAMPORTS };
    chain.setRpcDown(true, 'hang');
    try {
      const started = Date.now();
      const result = await confirmNamed({ reference, signature, browser: BROWSER }, deps);
      const elapsed = Date.now() - started;
      expect(result).toMatchObject({ ok: false, code: 'unavailable' });
      expect(result.ok ? '' : result.reason).toMatch(/payment is safe/i);
      expect(elapsed).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(elapsed).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      chain.setRpcDown(false);
    }
    expect((await confirmNamed({ reference, signature, browser: BROWSER }, deps)).ok).toBe(true);
  });

  it('stops cleanly with requests still hanging', async () => {
    const other = await startLocalChain({ port: PORT + 10 });
    other.setRpcDown(true, 'hang');
    const hanging = fetch(other.url, { method: 'POST', body: '{}' }).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.stop();
    expect(await hanging).toBeInstanceOf(Error);
  });
});

describe('a provider’s 429, as the site’s connection meets it (lib/payments/wiring.ts)', () => {
  it('is not retried: the call fails at once, and no call is sent until its Retry-After has passed', async () => {
    const throttled = new Connection(chain.url, { commitment: 'confirmed', fetch: providerBackoff(timedFetch(TIMEOUT_MS)), disableRetryOnRateLimit: true });
    chain.setRateLimit({ on: true, retryAfterSeconds: 1, count: 1 });
    const started = Date.now();
    await expect(throttled.getSlot()).rejects.toThrow(/429/);
    // Within the provider's wait: refused here, never sent.
    await expect(throttled.getSlot()).rejects.toThrow(/asked us to wait/);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(Object.values(chain.refused()).reduce((sum, n) => sum + n, 0)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await throttled.getSlot()).toEqual(expect.any(Number));
  });
});
