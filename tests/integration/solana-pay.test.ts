import { createTransfer, parseURL, type TransactionRequestURL, type TransferRequestURL } from '@solana/pay';
import { Keypair, sendAndConfirmRawTransaction } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkoutReference, createCheckout } from '@/lib/payments/checkout/checkout';
import { solanaPayRequests } from '@/lib/payments/checkout/solana-pay';
import { watchPayments, type PaymentWatchDeps } from '@/lib/payments/chain/payment-watch';
import { memoryWatchBoard } from '@/lib/payments/chain/watch-board';
import { checkoutTerms, paymentTestbed } from '../support/payment-testbed';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

/** Where a checkout's transaction request points (the route is not called here: the wallet below builds a transfer). */
const TRANSACTION_LINK = 'https://solenema.test/api/pay/checkout';

const PORT = 8941;
const PRICE = 10_000_000;
const SECRET = 'solana-pay-test-secret-0123456789ab';
const BROWSER = 'browser-a-0123456789ab';
const INTERVAL = 3_000;
// The ledger in Firestore, as in production (payments-verify.test.ts keeps one in files).
const bed = paymentTestbed(PORT, { ledger: 'firestore' });
const { recipient, catalog } = bed;
let clock: number;
beforeEach(() => {
  clock = Date.now();
});
const terms = checkoutTerms(bed, SECRET, PRICE);

const GROUP = 'client:203.0.113.7';

/** The QR dialog's poll of one site instance (its own board, as without Redis). */
const watch = (overrides: Partial<PaymentWatchDeps> = {}) => {
  const board = memoryWatchBoard();
  const { status } = watchPayments({
    connection: bed.connection,
    ledger: bed.ledger,
    catalog,
    cluster: TEST_CLUSTER,
    defaultLamports: TEST_DEFAULT_LAMPORTS,
    board: () => board,
    intervalMs: INTERVAL,
    now: () => clock,
    ...overrides,
  });
  return (reference: string, browser: string) => status(reference, browser, GROUP);
};

async function checkout(path = 'trailers/c-vault', issuedAt = Date.now()) {
  const result = await createCheckout({ path: path, kind: 'buy' }, BROWSER, { ...terms, now: () => issuedAt });
  if (!result.ok) throw new Error(result.reason);
  return { ...result, reference: result.checkout.reference, request: await solanaPayRequests(result.checkout, TRANSACTION_LINK) };
}

/** A phone wallet: reads the URL as Solana Pay wallets do and pays it (optionally altered) with @solana/pay. */
async function payAsWallet(url: string, change: Partial<Pick<TransferRequestURL, 'amount' | 'recipient'>> = {}) {
  const payer = Keypair.generate();
  await bed.chain.airdrop(payer.publicKey, 2_000_000_000);
  const parsed = { ...(parseURL(url) as TransferRequestURL), ...change };
  const transaction = await createTransfer(bed.connection, payer.publicKey, { ...parsed, amount: parsed.amount! });
  transaction.sign(payer);
  const signature = await sendAndConfirmRawTransaction(bed.connection, transaction.serialize(), { commitment: 'confirmed' });
  return { payer, signature };
}

type Lookups = { mock: { calls: Parameters<PaymentWatchDeps['connection']['getSignaturesForAddress']>[] } };
/** The reads of one address's history (a look also reads the recipient's). */
const readsOf = (lookups: Lookups, address: string) => lookups.mock.calls.filter(([key]) => key.toBase58() === address);

describe('solanaPayRequests', () => {
  it("draws the QR as a transaction request to the checkout's route, and keeps the transfer request for older wallets", async () => {
    const { checkout: started, request } = await checkout();
    const asked = parseURL(request.url) as TransactionRequestURL;
    expect(asked.link.toString()).toBe(TRANSACTION_LINK);
    expect(asked.label).toBe('Solenema');
    expect(asked.message).toBeUndefined();

    const parsed = parseURL(request.transferUrl) as TransferRequestURL;
    expect(parsed.recipient.toBase58()).toBe(recipient.toBase58());
    expect(parsed.amount?.toString()).toBe('0.01');
    expect(parsed.reference?.map((key) => key.toBase58())).toEqual([started.reference]);
    expect(parsed.label).toBe('Solenema');
    expect(parsed.message).toBe(`Unlock ${started.title}`);

    const { data, info } = await sharp(Buffer.from(request.qr)).resize(400).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data).toBe(request.url);
  });
});

describe('watchTransfers on a local chain', () => {
  it('answers waiting until the transfer lands, then verifies, records and grants it', async () => {
    const status = watch();
    const { reference, request } = await checkout();
    expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting' } });

    const { payer, signature } = await payAsWallet(request.transferUrl);
    clock += INTERVAL;
    const answer = await status(reference, BROWSER);
    expect(answer).toMatchObject({
      ok: true,
      status: {
        state: 'paid',
        purchase: { signature, wallet: payer.publicKey.toBase58(), path: 'trailers/c-vault', price: { currency: 'SOL', units: PRICE } },
      },
    });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
    expect(await bed.ledger.get(signature)).toMatchObject({ browser: BROWSER });
  });

  it('asks the chain about a reference once per interval, however many polls arrive', async () => {
    const lookups = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    try {
      const status = watch();
      const { reference, checkout: started } = await checkout();
      const answers = await Promise.all(Array.from({ length: 20 }, () => status(reference, BROWSER)));
      expect(answers.every((a) => a.ok && a.status.state === 'waiting')).toBe(true);
      clock += INTERVAL - 1;
      expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting', retryAfterMs: 1 } });
      expect(readsOf(lookups, started.reference)).toHaveLength(1);
      expect(readsOf(lookups, recipient.toBase58())).toHaveLength(1);
      clock += 1;
      await status(reference, BROWSER);
      expect(readsOf(lookups, started.reference)).toHaveLength(2);
      expect(readsOf(lookups, recipient.toBase58())).toHaveLength(2);
    } finally {
      lookups.mockRestore();
    }
  });

  it('costs the chain the same however many checkouts are polled, and credits a payment among them at the next look', async () => {
    const lookups = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    const fetches = vi.spyOn(bed.connection, 'getParsedTransaction');
    try {
      const status = watch();
      const open = await Promise.all(Array.from({ length: 40 }, () => checkout()));
      const pollAll = () => Promise.all(open.flatMap(({ reference }) => [status(reference, BROWSER), status(reference, BROWSER)]));
      for (let look = 0; look < 5; look += 1) {
        await pollAll();
        clock += INTERVAL;
      }
      // Per look at most four calls (the recipient's history, then references' own), whether 1 or 40 checkouts are open, 80 polls or 2.
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(5 * 4);
      expect(fetches).not.toHaveBeenCalled();

      const { signature } = await payAsWallet(open[39]!.request.transferUrl);
      const answers = await pollAll();
      expect(answers.at(-1)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
      expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
      expect(lookups.mock.calls.length).toBeLessThanOrEqual(6 * 4);
    } finally {
      lookups.mockRestore();
      fetches.mockRestore();
    }
  });

  it('refuses too little or the wrong recipient, and still honours a right payment that follows', async () => {
    const status = watch();
    const { reference, request } = await checkout();
    await payAsWallet(request.transferUrl, { amount: new BigNumber('0.005') });
    const other = Keypair.generate().publicKey;
    await bed.chain.airdrop(other, 1_000_000_000);
    await payAsWallet(request.transferUrl, { recipient: other });

    const refused = await status(reference, BROWSER);
    expect(refused).toMatchObject({ ok: true, status: { state: 'refused', reason: expect.stringMatching(/at least 10000000 lamports/) } });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual([]);

    const { signature } = await payAsWallet(request.transferUrl);
    clock += INTERVAL;
    expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
  });

  it('refuses another browser, and a reference that names no address', async () => {
    const status = watch();
    const { reference } = await checkout();
    expect(await status(reference, 'browser-b-0123456789ab')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await status(`${reference}x`, BROWSER)).toMatchObject({ ok: false, code: 'invalid_request' });
  });

  it('answers 503 while the RPC is down and asks again afterwards', async () => {
    const status = watch();
    const { reference, request } = await checkout();
    bed.chain.setRpcDown(true);
    try {
      expect(await status(reference, BROWSER)).toMatchObject({ ok: false, code: 'unavailable' });
    } finally {
      bed.chain.setRpcDown(false);
    }
    const { signature } = await payAsWallet(request.transferUrl);
    clock += INTERVAL;
    expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
  });

  it('forgets the oldest references beyond its limit, and asks the ledger, not the chain, once paid', async () => {
    const board = memoryWatchBoard(1);
    const status = watch({ board: () => board });
    const first = await checkout();
    const { signature } = await payAsWallet(first.request.transferUrl);
    expect(await status(first.reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid' } });
    const lookups = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    try {
      expect(await status(first.reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
      expect(lookups).not.toHaveBeenCalled();
      const second = await checkout();
      clock += INTERVAL;
      await status(second.reference, BROWSER);
      // The first was forgotten: it is found again on chain and answered from the ledger's claim.
      clock += INTERVAL;
      expect(await status(first.reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
      expect(readsOf(lookups, first.checkout.reference)).toHaveLength(1);
      expect(readsOf(lookups, second.checkout.reference)).toHaveLength(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('still credits a payment buried under more junk transactions carrying its reference than one page holds', async () => {
    const status = watch();
    const { reference, checkout: started, request } = await checkout();
    const { signature } = await payAsWallet(request.transferUrl);
    await bed.chain.junk(started.reference, 30);
    expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
  });

  it('reads a flooded history over several looks, going on where the last one stopped and reading nothing twice', async () => {
    const lookups = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    const fetches = vi.spyOn(bed.connection, 'getParsedTransaction');
    try {
      // A look: the recipient's history, one page of ten, and its ten transactions.
      const status = watch({ terms: { pageSize: 10, callsPerLook: 12 } });
      const { reference, checkout: started, request } = await checkout();
      const { signature } = await payAsWallet(request.transferUrl);
      const junk = await bed.chain.junk(started.reference, 35);
      for (let lookup = 0; lookup < 3; lookup += 1) {
        expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'refused' } });
        clock += INTERVAL;
      }
      expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'paid', purchase: { signature } } });
      expect(readsOf(lookups, started.reference).map(([, options]) => (options as { before?: string }).before)).toEqual([
        undefined,
        junk[25],
        junk[15],
        junk[5],
      ]);
      // Thirty junk transactions and the payment, oldest first on its page, each read once.
      expect(fetches).toHaveBeenCalledTimes(31);
    } finally {
      lookups.mockRestore();
      fetches.mockRestore();
    }
  });

  it('reads only what is newer than the history it finished, on later looks', async () => {
    const lookups = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    try {
      const status = watch();
      const { reference, checkout: started } = await checkout();
      const [, newest] = await bed.chain.junk(started.reference, 2);
      expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'refused' } });
      clock += INTERVAL;
      await bed.chain.junk(started.reference, 1);
      expect(await status(reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'refused' } });
      // The second look lists only the one new transaction, and reads the history no further within that look.
      expect(readsOf(lookups, started.reference).map(([, options]) => (options as { until?: string }).until)).toEqual([undefined, newest]);
    } finally {
      lookups.mockRestore();
    }
  });

  it('credits a QR paid an hour after its checkout (its request long expired): the server still keeps the checkout', async () => {
    const status = watch();
    const started = await checkout();
    expect(await status(started.reference, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting' } });
    bed.chain.setTimeOffset(60 * 60);
    try {
      clock += 60 * 60_000;
      const { signature } = await payAsWallet(started.request.transferUrl);
      expect(await status(started.reference, BROWSER)).toMatchObject({
        ok: true,
        status: { state: 'paid', purchase: { signature, path: 'trailers/c-vault' } },
      });
      expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
    } finally {
      bed.chain.setTimeOffset(0);
    }
  });

  it('reads a checkout reference the previous key signed (a rotation drops no open QR checkout), and refuses one started on another cluster', async () => {
    const started = await checkout();
    const reference = checkoutReference(['a-new-solana-pay-secret-0123456789ab', SECRET], started.token);
    expect(reference).toBe(started.reference);
    expect(await watch()(reference!, BROWSER)).toMatchObject({ ok: true, status: { state: 'waiting' } });
    expect(await watch({ cluster: 'another-genesis-hash' })(started.reference, BROWSER)).toMatchObject({ ok: false, code: 'conflict' });
  });
});
