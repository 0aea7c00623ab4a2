import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair, PublicKey, type ConfirmedSignatureInfo, type ParsedTransactionWithMeta } from '@solana/web3.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import type { StoredCheckout } from '@/lib/payments/checkout/checkout';
import { fileLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { watchPayments, type PaymentWatchDeps } from '@/lib/payments/chain/payment-watch';
import { memoryWatchBoard, type WatchBoard } from '@/lib/payments/chain/watch-board';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

const INTERVAL = 3_000;
const PRICE = 10_000_000;
const CALLS_PER_LOOK = 4;
const recipient = Keypair.generate().publicKey.toBase58();
const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });
const newKey = () => Keypair.generate().publicKey.toBase58();
const signature = () => Keypair.generate().secretKey.toString();

/**
 * A chain as the payment looks see it: histories per address (newest first) and transactions by signature,
 * every call counted. What it answers follows a node: `until` and `before` bound a page, `limit` cuts it.
 */
function fakeChain() {
  const histories = new Map<string, ConfirmedSignatureInfo[]>();
  const transactions = new Map<string, ParsedTransactionWithMeta>();
  const calls = { lists: [] as string[], reads: [] as string[] };
  let slot = 1;
  const connection: PaymentWatchDeps['connection'] = {
    async getSignaturesForAddress(address, options = {}) {
      calls.lists.push(address.toBase58());
      const history = histories.get(address.toBase58()) ?? [];
      const start = options.before ? history.findIndex((entry) => entry.signature === options.before) + 1 : 0;
      const end = options.until ? history.findIndex((entry) => entry.signature === options.until) : -1;
      return history.slice(start, end === -1 ? undefined : end).slice(0, options.limit ?? 1000);
    },
    async getParsedTransaction(read: string) {
      calls.reads.push(read);
      return transactions.get(read) ?? null;
    },
  };
  /** Lands a transfer of `lamports` from a new payer to `to`, naming `extra` accounts (a checkout's reference). */
  function land(to: string, lamports: number, ...extra: string[]) {
    const payer = newKey();
    const id = signature();
    const accounts = [payer, to, ...extra];
    slot += 1;
    transactions.set(id, {
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      // As a node reports them: the payer pays the transfer and the fee; the recipient gains the transfer.
      meta: {
        err: null,
        fee: 5000,
        preBalances: accounts.map((_, index) => (index === 0 ? 1_000_000_000 : 0)),
        postBalances: accounts.map((_, index) => (index === 0 ? 1_000_000_000 - lamports - 5000 : index === 1 ? lamports : 0)),
      },
      transaction: {
        signatures: [id],
        message: {
          accountKeys: accounts.map((key, index) => ({ pubkey: new PublicKey(key), signer: index === 0, writable: index < 2, source: 'transaction' as const })),
          instructions: [
            {
              program: 'system',
              programId: new PublicKey('11111111111111111111111111111111'),
              parsed: { type: 'transfer', info: { source: payer, destination: to, lamports } },
            },
          ],
          recentBlockhash: '11111111111111111111111111111111',
        },
      },
    } as unknown as ParsedTransactionWithMeta);
    for (const address of accounts)
      histories.set(address, [{ signature: id, slot, err: null, memo: null, blockTime: null }, ...(histories.get(address) ?? [])]);
    return id;
  }
  return { connection, calls, land };
}

let chain: ReturnType<typeof fakeChain>;
let ledger: Ledger;
let board: WatchBoard;
beforeEach(async () => {
  chain = fakeChain();
  ledger = fileLedger(await mkdtemp(join(tmpdir(), 'solenema-look-')));
  board = memoryWatchBoard();
  // The site's clock and its waits are the test's to move (a verification waits for the looks).
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
});
afterEach(() => void vi.useRealTimers());

/** Lets time pass, a quarter second at a time, until `work` is done; resolves to its answer. */
async function settled<T>(work: Promise<T>): Promise<T> {
  let done = false;
  void work.finally(() => (done = true));
  while (!done) await vi.advanceTimersByTimeAsync(250);
  return work;
}

const wait = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Counts the looks taken from now on. */
function countLooks() {
  const looks = { count: 0 };
  const save = board.saveLook.bind(board);
  board.saveLook = (...args) => ((looks.count += 1), save(...args));
  return looks;
}

/** A site instance, answering from the looks at the chain (time passes only in `settled`). */
const site = () =>
  watchPayments({
    connection: chain.connection,
    ledger,
    catalog,
    cluster: TEST_CLUSTER,
    defaultLamports: TEST_DEFAULT_LAMPORTS,
    board: () => board,
    intervalMs: INTERVAL,
  });

async function checkout(browser: string): Promise<StoredCheckout> {
  const stored: StoredCheckout = {
    reference: newKey(),
    path: 'trailers/c-vault',
    title: 'Vault',
    recipient,
    price: { currency: 'SOL', units: PRICE },
    kind: 'buy',
    issuedAt: Date.now(),
    expiresAt: Date.now() + 60_000,
    holder: 'holder',
    browser,
    cluster: TEST_CLUSTER,
  };
  await ledger.recordCheckout(stored);
  return stored;
}

/** One client at one address: many cookies' checkouts, polled and named junk all the time. */
async function attacker(checkouts: number) {
  const own = await Promise.all(Array.from({ length: checkouts }, (_, n) => checkout(`attacker-${n}`)));
  return { own, group: 'client:198.51.100.32' };
}

describe('the shared look at the chain', () => {
  it('reads no transaction someone names until it has reached the recipient: a made-up or borrowed signature costs no read', async () => {
    const { verify } = site();
    const mine = await checkout('buyer');
    const borrowed = chain.land(newKey(), 5_000_000);
    const madeUp = signature();
    for (const named of [borrowed, madeUp]) {
      expect(await settled(verify(mine.reference, named, 'buyer', 'client:a'))).toMatchObject({ ok: false, code: 'not_found' });
    }
    expect(chain.calls.reads).toEqual([]);
  });

  it('verifies a Phantom payment within a look while one client polls 40 checkouts and names junk for each', async () => {
    const { status, verify } = site();
    const { own, group } = await attacker(40);
    const junk = Array.from({ length: 40 }, () => chain.land(newKey(), 1));
    const attack = () =>
      Promise.all(
        own.map((bought, n) => Promise.all([status(bought.reference, bought.browser, group), verify(bought.reference, junk[n]!, bought.browser, group)])),
      );
    await settled(attack());
    const buyer = await checkout('buyer');
    const paid = chain.land(recipient, PRICE, buyer.reference);
    const looks = countLooks();
    let looksToVerify = 0;
    const verified = verify(buyer.reference, paid, 'buyer', 'client:203.0.113.9').finally(() => (looksToVerify = looks.count));
    const [answer] = await settled(Promise.all([verified, attack()]));
    expect(answer).toMatchObject({ ok: true, purchase: { signature: paid, browser: 'buyer' } });
    expect(looksToVerify).toBe(1);
    expect(chain.calls.reads.filter((read) => junk.includes(read))).toEqual([]);
  });

  it('gives a QR buyer a turn within two looks beside one client polling 100 checkouts, with the recipient flooded', async () => {
    const { status } = site();
    const { own, group } = await attacker(100);
    const poll = () => Promise.all(own.map((bought) => status(bought.reference, bought.browser, group)));
    await settled(poll());
    const buyer = await checkout('buyer');
    await wait(INTERVAL);
    await settled(status(buyer.reference, 'buyer', 'client:203.0.113.9'));
    // The payment lands, then 600 transfers to the recipient bury it in the recipient's history.
    const paid = chain.land(recipient, PRICE, buyer.reference);
    for (let n = 0; n < 600; n += 1) chain.land(recipient, 1);
    for (let look = 0; look < 2; look += 1) {
      await wait(INTERVAL);
      await settled(poll());
      const answer = await settled(status(buyer.reference, 'buyer', 'client:203.0.113.9'));
      if (answer.ok && answer.status.state === 'paid') break;
    }
    expect(await ledger.get(paid)).toMatchObject({ browser: 'buyer' });
  });

  it('makes at most its calls per look, however many checkouts are open, signatures named and transfers received', async () => {
    const { status, verify } = site();
    const { own, group } = await attacker(60);
    const looks = countLooks();
    for (let round = 0; round < 6; round += 1) {
      const spam = Array.from({ length: 50 }, () => chain.land(recipient, 1));
      await settled(
        Promise.all(
          own.map((bought, n) =>
            Promise.all([status(bought.reference, bought.browser, group), verify(bought.reference, spam[n % 50]!, bought.browser, group)]),
          ),
        ),
      );
    }
    // The calls are the looks', however many asked and however often: no request makes one of its own.
    expect(looks.count).toBeGreaterThan(6);
    expect(chain.calls.lists.length + chain.calls.reads.length).toBeLessThanOrEqual(looks.count * CALLS_PER_LOOK);
  });

  it('remembers a named transaction that does not pay: asked again, it is refused at once with no call', async () => {
    const { verify } = site();
    const mine = await checkout('buyer');
    const tooLittle = chain.land(recipient, PRICE - 1, mine.reference);
    expect(await settled(verify(mine.reference, tooLittle, 'buyer', 'client:a'))).toMatchObject({
      ok: false,
      code: 'payment_refused',
      reason: expect.stringMatching(/at least/),
    });
    const calls = chain.calls.lists.length + chain.calls.reads.length;
    await wait(10 * INTERVAL);
    expect(await settled(verify(mine.reference, tooLittle, 'buyer', 'client:a'))).toMatchObject({ ok: false, code: 'payment_refused' });
    expect(chain.calls.lists.length + chain.calls.reads.length).toBe(calls);
  });
});
