import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { Keypair, sendAndConfirmRawTransaction } from '@solana/web3.js';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type LocalRedis } from '@/e2e/support/redis';
import { createCheckout } from '@/lib/payments/checkout/checkout';
import { watchPayments } from '@/lib/payments/chain/payment-watch';
import { solanaPayRequests } from '@/lib/payments/checkout/solana-pay';
import { memoryWatchBoard } from '@/lib/payments/chain/watch-board';
import { boardWithFallback, redisWatchBoard } from '@/lib/payments/chain/watch-board-redis';
import { checkoutTerms, paymentTestbed } from '../support/payment-testbed';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

/** Where a checkout's transaction request points (the route is not called here: the wallet below builds a transfer). */
const TRANSACTION_LINK = 'https://solenema.test/api/pay/checkout';

const PORT = 8971;
/** Short: the shared lock lapses in Redis's own time, so these looks run on the real clock. */
const INTERVAL = 400;
const SECRET = 'shared-looks-test-secret-0123456789abc';
const bed = paymentTestbed(PORT);
const terms = checkoutTerms(bed, SECRET, 10_000_000);

let redis: LocalRedis;
const clients: Redis[] = [];
beforeAll(async () => void (redis = await startRedis()));
afterAll(async () => {
  await Promise.all(clients.map((client) => client.quit()));
  await redis?.stop();
});

/** An instance of the site: its own Redis connection and watcher, the board in Redis under `prefix`. */
function instance(prefix: string) {
  const client = new Redis(redis.url);
  clients.push(client);
  const connection = {
    getSignaturesForAddress: vi.fn(bed.connection.getSignaturesForAddress.bind(bed.connection)),
    getParsedTransaction: bed.connection.getParsedTransaction.bind(bed.connection),
  };
  const board = redisWatchBoard(client, prefix);
  const { status } = watchPayments({
    connection,
    ledger: bed.ledger,
    catalog: bed.catalog,
    cluster: TEST_CLUSTER,
    defaultLamports: TEST_DEFAULT_LAMPORTS,
    board: () => board,
    intervalMs: INTERVAL,
  });
  return { status, lookups: connection.getSignaturesForAddress };
}

async function qrCheckout(browser: string) {
  const started = await createCheckout({ path: 'trailers/c-vault', kind: 'buy' }, browser, terms);
  if (!started.ok) throw new Error(started.reason);
  return { reference: started.checkout.reference, url: (await solanaPayRequests(started.checkout, TRANSACTION_LINK)).transferUrl };
}

/** A phone wallet paying a Solana Pay URL. */
async function pay(url: string) {
  const payer = Keypair.generate();
  await bed.chain.airdrop(payer.publicKey, 2_000_000_000);
  const request = parseURL(url) as TransferRequestURL;
  const transaction = await createTransfer(bed.connection, payer.publicKey, { ...request, amount: request.amount! });
  transaction.sign(payer);
  return sendAndConfirmRawTransaction(bed.connection, transaction.serialize(), { commitment: 'confirmed' });
}

describe('with REDIS_URL, the looks at the chain serve every instance', () => {
  it('finds the payment of a checkout only ever polled on an instance that never takes a look', async () => {
    const prefix = `solenema:test:payments:${TEST_CLUSTER}:${Date.now()}`;
    const [a, b] = [instance(prefix), instance(prefix)];
    const [onA, onB] = await Promise.all([qrCheckout('browser-on-a-0123456789'), qrCheckout('browser-on-b-0123456789')]);
    await a.status(onA.reference, 'browser-on-a-0123456789', 'client:a');
    const signature = await pay(onB.url);
    let answer = await b.status(onB.reference, 'browser-on-b-0123456789', 'client:b');
    for (let look = 0; look < 3 && !(answer.ok && answer.status.state === 'paid'); look += 1) {
      await new Promise((resolve) => setTimeout(resolve, INTERVAL));
      // A reaches each interval first, so A takes every look; B only polls.
      await a.status(onA.reference, 'browser-on-a-0123456789', 'client:a');
      answer = await b.status(onB.reference, 'browser-on-b-0123456789', 'client:b');
    }
    expect(answer).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature, browser: 'browser-on-b-0123456789' } } });
    expect(b.lookups).not.toHaveBeenCalled();
  });

  it('keeps each deployment’s and cluster’s board apart: another prefix sees none of it', async () => {
    const clock = Date.now();
    const shared = `solenema:test:payments:${TEST_CLUSTER}:${clock}-apart`;
    const a = instance(shared);
    const onA = await qrCheckout('browser-apart-0123456789');
    await a.status(onA.reference, 'browser-apart-0123456789', 'client:a');
    const client = new Redis(redis.url);
    clients.push(client);
    expect(await redisWatchBoard(client, shared).open(clock - 60_000, 10)).toHaveLength(1);
    expect(await redisWatchBoard(client, `solenema:preview-123:payments:another-cluster`).open(clock - 60_000, 10)).toEqual([]);
  });

  it('falls back to the instance’s own board while Redis fails, and keeps finding payments', async () => {
    const failures: unknown[] = [];
    const down = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null }).on(
      'error',
      () => {},
    );
    const board = boardWithFallback(redisWatchBoard(down, 'solenema:test:down'), memoryWatchBoard(), (error) => failures.push(error));
    const { status } = watchPayments({
      connection: bed.connection,
      ledger: bed.ledger,
      catalog: bed.catalog,
      cluster: TEST_CLUSTER,
      defaultLamports: TEST_DEFAULT_LAMPORTS,
      board: () => board,
      intervalMs: INTERVAL,
    });
    const checkout = await qrCheckout('browser-fallback-01234567');
    const signature = await pay(checkout.url);
    expect(await status(checkout.reference, 'browser-fallback-01234567', 'client:c')).toMatchObject({
      ok: true,
      status: { state: 'paid', purchase: { signature } },
    });
    expect(failures.length).toBeGreaterThan(0);
    down.disconnect();
  });
});
