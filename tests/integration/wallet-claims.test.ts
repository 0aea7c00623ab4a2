import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { Keypair, SystemProgram, Transaction, sendAndConfirmRawTransaction, type PublicKey } from '@solana/web3.js';
import { describe, expect, it, vi } from 'vitest';
import { createCheckout } from '@/lib/payments/checkout/checkout';
import { CHECKOUT_KEPT_MS } from '@/lib/payments/checkout/checkout-kept';
import { solanaPayRequests } from '@/lib/payments/checkout/solana-pay';
import { claimWalletPayments } from '@/lib/payments/confirm/wallet-claims';
import { fundedWallet, paymentTestbed } from '../support/payment-testbed';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

/** Where a checkout's transaction request points (the route is not called here: the wallet below builds a transfer). */
const TRANSACTION_LINK = 'https://solenema.test/api/pay/checkout';

const PORT = 8951;
const SECRET = 'wallet-claims-test-secret-0123456789';
const BROWSER = 'browser-a-0123456789ab';
// The ledger in Firestore, as in production (payments-verify.test.ts keeps one in files).
const bed = paymentTestbed(PORT, { ledger: 'firestore' });
const { recipient, catalog } = bed;

const restoreOnce = (wallet: Keypair) =>
  claimWalletPayments(wallet.publicKey.toBase58(), {
    connection: bed.connection,
    ledger: bed.ledger,
    catalog,
    cluster: TEST_CLUSTER,
    defaultLamports: TEST_DEFAULT_LAMPORTS,
  });
/** What one restore claimed; each of these wallets' history fits in one. */
const claim = async (wallet: Keypair) => {
  const { claimed, more } = await restoreOnce(wallet);
  expect(more).toBe(false);
  return claimed;
};

/** A QR code shown in BROWSER, whose page then forgot it (closed, storage cleared): only the server keeps the checkout. */
async function forgottenQr(path = 'trailers/c-vault') {
  const started = await createCheckout({ path: path, kind: 'buy' }, BROWSER, {
    secret: SECRET,
    recipient: recipient.toBase58(),
    defaultLamports: 10_000_000,
    usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
    cluster: TEST_CLUSTER,
    catalog,
    checkouts: bed.ledger,
  });
  if (!started.ok) throw new Error(started.reason);
  return (await solanaPayRequests(started.checkout, TRANSACTION_LINK)).transferUrl;
}

/** A plain transfer between two wallets: ordinary activity that carries no reference. */
async function send(from: Keypair, to: PublicKey, lamports: number) {
  const blockhash = await bed.connection.getLatestBlockhash('confirmed');
  const transaction = new Transaction({ feePayer: from.publicKey, ...blockhash }).add(
    SystemProgram.transfer({ fromPubkey: from.publicKey, toPubkey: to, lamports }),
  );
  transaction.sign(from);
  return sendAndConfirmRawTransaction(bed.connection, transaction.serialize(), { commitment: 'confirmed' });
}

/** A phone wallet paying a Solana Pay URL with @solana/pay. */
async function pay(wallet: Keypair, url: string) {
  const request = parseURL(url) as TransferRequestURL;
  const transaction = await createTransfer(bed.connection, wallet.publicKey, { ...request, amount: request.amount! });
  transaction.sign(wallet);
  return sendAndConfirmRawTransaction(bed.connection, transaction.serialize(), { commitment: 'confirmed' });
}

describe('claimWalletPayments (restore finds what no browser claimed)', () => {
  it('claims a QR payment its browser never asked about, for the browser that started the checkout, once', async () => {
    const wallet = await fundedWallet(bed);
    const signature = await pay(wallet, await forgottenQr());
    const [claimed, ...more] = await claim(wallet);
    expect(more).toEqual([]);
    expect(claimed).toMatchObject({ signature, wallet: wallet.publicKey.toBase58(), path: 'trailers/c-vault', browser: BROWSER });
    expect(await bed.ledger.byWallet(wallet.publicKey.toBase58(), TEST_CLUSTER)).toEqual([claimed]);
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual(['trailers/c-vault']);
    // Claimed now: a second restore finds nothing new, and the claim is not made twice.
    expect(await claim(wallet)).toEqual([]);
  });

  it('finds the payment among the wallet’s other transactions, and claims nothing that does not pay our checkout', async () => {
    const wallet = await fundedWallet(bed);
    const signature = await pay(wallet, await forgottenQr('series/paid-show'));
    const blockhash = await bed.connection.getLatestBlockhash('confirmed');
    for (let lamports = 1_000_000; lamports < 1_000_005; lamports += 1) {
      const other = new Transaction({ feePayer: wallet.publicKey, ...blockhash }).add(
        SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: Keypair.generate().publicKey, lamports }),
      );
      other.sign(wallet);
      await sendAndConfirmRawTransaction(bed.connection, other.serialize(), { commitment: 'confirmed' });
    }
    expect((await claim(wallet)).map((purchase) => purchase.signature)).toEqual([signature]);
  });

  it('finds a payment behind 40 newer transfers to the wallet, over restores that each read a bounded part and go on from there', async () => {
    const wallet = await fundedWallet(bed);
    const signature = await pay(wallet, await forgottenQr());
    const sender = await fundedWallet(bed);
    for (let lamports = 1_000_000; lamports < 1_000_040; lamports += 1) await send(sender, wallet.publicKey, lamports);
    const first = await restoreOnce(wallet);
    expect(first).toEqual({ claimed: [], more: true });
    const second = await restoreOnce(wallet);
    expect(second).toMatchObject({ claimed: [{ signature, path: 'trailers/c-vault', browser: BROWSER }], more: false });
    // The walk is finished: the next restore reads only what is newer, and finds nothing more.
    const lookups = vi.spyOn(bed.connection, 'getParsedTransaction');
    try {
      expect(await restoreOnce(wallet)).toEqual({ claimed: [], more: false });
      expect(lookups).not.toHaveBeenCalled();
    } finally {
      lookups.mockRestore();
    }
  });

  it('reads no further back than the oldest checkout the server still keeps', async () => {
    const wallet = await fundedWallet(bed);
    await pay(wallet, await forgottenQr());
    const pages = vi.spyOn(bed.connection, 'getSignaturesForAddress');
    try {
      const later = {
        connection: bed.connection,
        ledger: bed.ledger,
        catalog,
        cluster: TEST_CLUSTER,
        defaultLamports: TEST_DEFAULT_LAMPORTS,
        now: () => Date.now() + CHECKOUT_KEPT_MS + 60 * 60_000,
      };
      expect(await claimWalletPayments(wallet.publicKey.toBase58(), later)).toEqual({ claimed: [], more: false });
      expect(pages).toHaveBeenCalledTimes(1);
    } finally {
      pages.mockRestore();
    }
  });

  it('keeps its place at a transaction a lagging RPC node answers null for, and claims it on the next restore', async () => {
    const wallet = await fundedWallet(bed);
    const signature = await pay(wallet, await forgottenQr());
    const lookups = vi.spyOn(bed.connection, 'getParsedTransaction').mockResolvedValueOnce(null);
    try {
      expect(await restoreOnce(wallet)).toEqual({ claimed: [], more: true });
    } finally {
      lookups.mockRestore();
    }
    expect((await claim(wallet)).map((purchase) => purchase.signature)).toEqual([signature]);
  });

  it('claims a payment from the transaction its walk read: no second read, so a node lagging afterwards changes nothing', async () => {
    const wallet = await fundedWallet(bed);
    const signature = await pay(wallet, await forgottenQr());
    const read = bed.connection.getParsedTransaction.bind(bed.connection);
    const lookups = vi.spyOn(bed.connection, 'getParsedTransaction').mockImplementationOnce(read).mockResolvedValue(null);
    try {
      const { claimed } = await restoreOnce(wallet);
      expect(claimed.map((purchase) => purchase.signature)).toEqual([signature]);
      expect(lookups.mock.calls.filter(([read]) => read === signature)).toHaveLength(1);
    } finally {
      lookups.mockRestore();
    }
  });

  it('claims nothing for a wallet that did not pay', async () => {
    const payer = await fundedWallet(bed);
    await pay(payer, await forgottenQr());
    expect(await claim(await fundedWallet(bed))).toEqual([]);
    expect(await bed.ledger.ownedBy(BROWSER, TEST_CLUSTER)).toEqual([]);
  });
});
