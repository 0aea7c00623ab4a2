import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { createCheckout } from '@/lib/payments/checkout/checkout';
import { fileLedger } from '@/lib/payments/ledger/ledger';
import { watchPayments, type PaymentWatchDeps } from '@/lib/payments/chain/payment-watch';
import { memoryWatchBoard } from '@/lib/payments/chain/watch-board';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

const SECRET = 'reference-throttle-secret-0123456789';
const BROWSER = 'browser-throttle-0123456789';
const INTERVAL = 3_000;
const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });

/** A chain with nothing on it yet, counting the questions it is asked. */
function emptyChain() {
  const asked = { lookups: 0 };
  const connection: PaymentWatchDeps['connection'] = {
    getSignaturesForAddress: async () => {
      asked.lookups += 1;
      return [];
    },
    getParsedTransaction: async () => null,
  };
  return { asked, connection };
}

const GROUP = 'browser:throttle';

/** Two instances of the site: each its own watcher and memory, one shared board (what Redis is in production). */
async function twoInstances() {
  let clock = 1_000_000;
  const board = memoryWatchBoard();
  const chain = emptyChain();
  const ledger = fileLedger(await mkdtemp(join(tmpdir(), 'solenema-throttle-')));
  const deps = {
    connection: chain.connection,
    ledger,
    catalog,
    cluster: TEST_CLUSTER,
    defaultLamports: TEST_DEFAULT_LAMPORTS,
    intervalMs: INTERVAL,
    now: () => clock,
    board: () => board,
  };
  const instance = () => {
    const { status } = watchPayments(deps);
    return (reference: string, browser: string) => status(reference, browser, GROUP);
  };
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
  return { a: instance(), b: instance(), deps, chain, reference: started.checkout.reference, advance: (ms: number) => (clock += ms) };
}

// A look reads the recipient's history and then the open reference's own: two calls.
const CALLS_PER_LOOK = 2;

describe('the chain look, shared by instances', () => {
  it('looks at the chain once per interval, whichever instance the polls reach', async () => {
    const { a, b, chain, reference, advance } = await twoInstances();
    expect(await a(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting' } });
    const onOther = await b(reference, BROWSER);
    // The other instance answers from what it knows, and says when to come back: after the interval.
    expect(onOther).toEqual({ ok: true, status: { state: 'waiting', retryAfterMs: INTERVAL } });
    expect(await a(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting' } });
    expect(chain.asked.lookups).toBe(CALLS_PER_LOOK);

    advance(INTERVAL);
    await b(reference, BROWSER);
    await a(reference, BROWSER);
    expect(chain.asked.lookups).toBe(2 * CALLS_PER_LOOK);
  });

  it('without a shared board, each instance keeps its own interval (as on one instance)', async () => {
    const { deps, chain, reference } = await twoInstances();
    const alone = () => {
      const board = memoryWatchBoard();
      const { status } = watchPayments({ ...deps, now: () => 1_000_000, board: () => board });
      return (ref: string, browser: string) => status(ref, browser, GROUP);
    };
    const [a, b] = [alone(), alone()];
    await a(reference, BROWSER);
    await a(reference, BROWSER);
    await b(reference, BROWSER);
    expect(chain.asked.lookups).toBe(2 * CALLS_PER_LOOK);
  });
});
