import { createTransfer, parseURL, type TransferRequestURL } from '@solana/pay';
import { Connection, Keypair, sendAndConfirmRawTransaction } from '@solana/web3.js';
import type { Locator } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
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
 * A phone wallet on the local chain: parses a Solana Pay transfer request and pays it with
 * @solana/pay's createTransfer, as wallets do. `change` pays something else (too little, another
 * recipient) under the same reference. `payer` is the phone's wallet: a fresh one unless a test needs to know it;
 * `chainUrl` the chain it pays on. Its RPC calls are not counted as the site's (NOT_COUNTED).
 */
export async function payTransferRequest(
  url: string,
  change: Partial<Pick<TransferRequestURL, 'amount' | 'recipient'>> = {},
  payer = Keypair.generate(),
  chainUrl = CHAIN_URL,
) {
  const connection = new Connection(chainUrl, { commitment: 'confirmed', httpHeaders: { [NOT_COUNTED]: '1' } });
  await fundTestWallet(chainUrl, payer, 1_000_000_000);
  const request = { ...(parseURL(url) as TransferRequestURL), ...change };
  if (!request.amount) throw new Error(`No amount in ${url}`);
  // A real recipient has an account; on a fresh local chain it is made here (createTransfer checks for it).
  await chainControl(chainUrl).airdrop(request.recipient.toBase58(), 1_000_000_000);
  const transaction = await createTransfer(connection, payer.publicKey, { ...request, amount: request.amount });
  transaction.sign(payer);
  return sendAndConfirmRawTransaction(connection, transaction.serialize(), { commitment: 'confirmed' });
}
