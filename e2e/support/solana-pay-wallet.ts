import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { Connection, Keypair, sendAndConfirmRawTransaction, Transaction } from '@solana/web3.js';
import type { Locator } from '@playwright/test';
import bs58 from 'bs58';
import jsQR from 'jsqr';
import sharp from 'sharp';
import type { TransactionRequestAnswer } from '@/lib/payments/contract';
import { chainControl, NOT_COUNTED } from './chain';
import { fundTestWallet } from './phantom/wallet';
import { CHAIN_URL } from './ports';

/** Reads a QR code on the page the way a phone's camera would: from its pixels. */
export async function scanQrCode(qr: Locator): Promise<string> {
  const png = await qr.screenshot();
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const code = jsQR(new Uint8ClampedArray(data), info.width, info.height);
  if (!code) throw new Error('No QR code could be read from the element');
  return code.data;
}

/**
 * The link of a Solana Pay transaction request (`solana:<link>?label=…`), or null for a transfer request. As wallets
 * read it (the path is the percent-encoded link), except that plain http is taken from a loopback host: the tests'
 * site runs without TLS, where a real wallet (and @solana/pay's parseURL) insists on https.
 */
export function transactionLinkOf(url: string): URL | null {
  const { protocol, pathname } = new URL(url);
  if (protocol !== 'solana:') throw new Error(`Not a Solana Pay URL: ${url}`);
  const decoded = decodeURIComponent(pathname);
  if (!/^https?:\/\//.test(decoded)) return null;
  const link = new URL(decoded);
  if (link.protocol !== 'https:' && !['127.0.0.1', 'localhost'].includes(link.hostname)) throw new Error(`A transaction request must be https: ${url}`);
  return link;
}

/** The checkout reference a QR names: a transfer request's `reference`, or the last segment of a transaction request's link. */
export function referenceOf(url: string): string {
  const link = transactionLinkOf(url);
  const reference = link ? link.pathname.split('/').pop() : new URL(url).searchParams.get('reference');
  if (!reference) throw new Error(`No reference in ${url}`);
  return reference;
}

export interface WalletOptions {
  /**
   * Marks the payment as sent in version 1 (SIMD-0385) as soon as it is signed, before it lands: the chain answers it
   * as a node answers a v1 transaction from its first read, so no look can read it as version 0 first.
   */
  version1?: boolean;
}

/**
 * A phone wallet on the local chain paying what a QR code or a wallet link names. A transaction request: it asks
 * the link (GET: the store's label and icon; POST `{account}`: the transaction), signs what the site built, and
 * sends it. A transfer request: it builds the transfer with @solana/pay's createTransfer, as wallets do; `change`
 * pays something else (too little, another recipient) under the same reference. `payer` is the phone's wallet: a
 * fresh one unless a test needs to know it; `chainUrl` the chain it pays on. Its RPC calls are not counted as the
 * site's (NOT_COUNTED). Answers the signature, once confirmed.
 */
export async function payRequest(
  url: string,
  change: Partial<Pick<TransferRequestURL, 'amount' | 'recipient'>> = {},
  payer = Keypair.generate(),
  chainUrl = CHAIN_URL,
  options: WalletOptions = {},
) {
  const connection = new Connection(chainUrl, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });
  await fundTestWallet(chainUrl, payer, 1_000_000_000);
  const link = transactionLinkOf(url);
  if (link && Object.keys(change).length > 0) throw new Error('A transaction request is built by the site: pay its transfer link to change it');
  const transaction = link ? await askTransaction(link, payer) : await buildTransfer(connection, url, change, payer, chainUrl);
  transaction.sign(payer);
  if (options.version1) await chainControl(chainUrl).markVersion1(bs58.encode(transaction.signature!));
  return sendAndConfirmRawTransaction(connection, transaction.serialize(), { commitment: 'confirmed' });
}

/** The transaction a transaction request's link builds for `payer`, after its GET named the store (as a wallet shows it first). */
export async function askTransaction(link: URL, payer: Keypair, expired?: string): Promise<Transaction> {
  const named = await fetch(link);
  if (!named.ok) throw new Error(`GET ${link} answered ${named.status}: ${await named.text()}`);
  const { label, icon } = (await named.json()) as { label?: string; icon?: string };
  if (!label || !icon) throw new Error(`GET ${link} named no label or icon`);
  const built = await askTransactionAnswer(link, payer.publicKey.toBase58(), expired);
  return Transaction.from(Buffer.from(built.transaction, 'base64'));
}

/** The POST of a transaction request, as its JSON answer. */
export async function askTransactionAnswer(link: URL, account: string, expired?: string): Promise<TransactionRequestAnswer> {
  const answer = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, expired }) });
  if (!answer.ok) throw new Error(`POST ${link} answered ${answer.status}: ${await answer.text()}`);
  return (await answer.json()) as TransactionRequestAnswer;
}

async function buildTransfer(
  connection: Connection,
  url: string,
  change: Partial<Pick<TransferRequestURL, 'amount' | 'recipient'>>,
  payer: Keypair,
  chainUrl: string,
) {
  const request = { ...(parseURL(url) as TransferRequestURL), ...change };
  if (!request.amount) throw new Error(`No amount in ${url}`);
  // A real recipient has an account; on a fresh local chain it is made here (createTransfer checks for it).
  await chainControl(chainUrl).airdrop(request.recipient.toBase58(), 1_000_000_000);
  return createTransfer(connection, payer.publicKey, { ...request, amount: request.amount });
}
