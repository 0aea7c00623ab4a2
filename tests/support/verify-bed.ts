import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { beforeEach, expect } from 'vitest';
import { createCheckout } from '@/lib/payments/checkout/checkout';
import { paymentTransaction } from '@/lib/payments/checkout/payment-transaction';
import { UNIT_PRICE_FLOOR } from '@/lib/payments/checkout/fee-market';
import { paymentWatch, type WatchDeps } from './payment-watch';
import { checkoutTerms, paymentTestbed } from './payment-testbed';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from './purchase-record';

export const PRICE = 10_000_000;
export const SECRET = 'verify-test-secret-0123456789abcdef';
export const BROWSER = 'browser-a-0123456789ab';
export const OTHER_BROWSER = 'browser-b-0123456789ab';

/** The payment tests' bed on a local chain at `port`: checkouts as the site makes them, and payments as browsers send them. */
export function verifyBed(port: number) {
  const bed = paymentTestbed(port);
  const { catalog } = bed;
  /** Filled anew before each test (the bed's ledger is new each time). */
  const deps = {} as WatchDeps;
  beforeEach(() => {
    Object.assign(deps, { connection: bed.connection, ledger: bed.ledger, catalog, cluster: TEST_CLUSTER, defaultLamports: TEST_DEFAULT_LAMPORTS });
  });

  const terms = checkoutTerms(bed, SECRET, PRICE);

  async function checkout(browser = BROWSER, path = 'trailers/c-vault', issuedAt = Date.now()) {
    const result = await createCheckout({ path: path, kind: 'buy' }, browser, { ...terms, now: () => issuedAt });
    if (!result.ok) throw new Error(result.reason);
    return result;
  }

  /**
   * The local chain executes a transaction before it answers sendTransaction: it has landed, with no
   * confirmTransaction, whose status poll would still be in flight (and reject unhandled) when a test
   * takes the RPC down right after.
   */
  async function landed(signature: string) {
    expect((await bed.connection.getSignatureStatus(signature)).value).not.toBeNull();
    return signature;
  }

  /** Signs and sends, skipping preflight so a failing transaction still lands, like a real validator. */
  async function send(payer: Keypair, ...instructions: TransactionInstruction[]) {
    const blockhash = await bed.connection.getLatestBlockhash('confirmed');
    const tx = new Transaction({ feePayer: payer.publicKey, ...blockhash }).add(...instructions);
    tx.sign(payer);
    return landed(await bed.connection.sendRawTransaction(tx.serialize(), { skipPreflight: true }));
  }

  /** Pays a checkout exactly as the browser does, with the site's own transaction builder. */
  async function payAsBrowser(payer: Keypair, token: Pick<Awaited<ReturnType<typeof checkout>>, 'checkout'>) {
    const blockhash = await bed.connection.getLatestBlockhash('confirmed');
    const tx = paymentTransaction(payer.publicKey, token.checkout, { ...blockhash, unitPriceMicroLamports: UNIT_PRICE_FLOOR });
    tx.sign(payer);
    return landed(await bed.connection.sendRawTransaction(tx.serialize()));
  }

  /**
   * A transaction that carries the checkout's reference but never reached the recipient: the looks do not read it by
   * its signature (junk named by anyone costs no read), so the wallet is told "not found yet"; the reference's own
   * history shows it, and the checkout's status says why it does not pay.
   */
  async function refusedOnHistory(asked: { reference: string; signature: string; browser: string }) {
    const watch = paymentWatch(deps);
    expect(await watch.verify(asked.reference, asked.signature, asked.browser, 'browser:a')).toMatchObject({ ok: false, code: 'not_found' });
    const status = await watch.status(asked.reference, asked.browser, 'browser:a');
    return status.ok && status.status.state === 'refused' ? status.status.reason : status;
  }

  const ledgerFiles = async () => readdir(join(bed.ledgerDir, 'purchases')).catch(() => []);

  return { bed, deps, terms, checkout, landed, send, payAsBrowser, refusedOnHistory, ledgerFiles };
}

/** A plain transfer, with the checkout's reference as a read-only key when given. */
export function transfer(payer: Keypair, to: PublicKey, lamports: number, reference?: string) {
  const instruction = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports });
  if (reference) instruction.keys.push({ pubkey: new PublicKey(reference), isSigner: false, isWritable: false });
  return instruction;
}
