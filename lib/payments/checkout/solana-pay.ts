import { encodeURL } from '@solana/pay';
import { PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import QRCode from 'qrcode';
import { CURRENCIES } from '../../catalog/pricing';
import type { Checkout } from './checkout';

/** What the purchase dialog shows for paying from any wallet: the Solana Pay URLs and the QR code (SVG) of the first. */
export interface SolanaPayRequests {
  /** A transaction request (`solana:<https link>`): the wallet asks the site for the transaction it signs. */
  url: string;
  qr: string;
  /** The same payment as a transfer request, for wallets without transaction requests: the wallet builds it. */
  transferUrl: string;
}

/** The store's name as wallets show it (a transaction request's GET answers it too). */
export const SITE_LABEL = 'Solenema';

/**
 * The Solana Pay requests of a checkout. The QR is a transaction request to `transactionLink` (this checkout's
 * /api/pay route), so the server builds what the wallet signs, as it does for the Phantom button: fee, lifetime,
 * reference and memo are the site's, not each wallet's. The transfer request names the same recipient, price (in
 * SOL, or the USDC mint's tokens: `spl-token=`) and reference, so either payment is verified by the same rules. The
 * QR is drawn here, on the server, so the browser downloads no QR library.
 */
export async function solanaPayRequests(checkout: Checkout, transactionLink: string): Promise<SolanaPayRequests> {
  // No message in the code: the wallet shows the POST answer's (orderMessage), and a shorter URL is a sparser QR.
  const url = encodeURL({ link: new URL(transactionLink), label: SITE_LABEL }).toString();
  const transferUrl = encodeURL({
    recipient: new PublicKey(checkout.recipient),
    amount: new BigNumber(checkout.price.units).shiftedBy(-CURRENCIES[checkout.price.currency].decimals),
    ...(checkout.mint && { splToken: new PublicKey(checkout.mint) }),
    reference: new PublicKey(checkout.reference),
    label: SITE_LABEL,
    message: `${checkout.kind === 'rent' ? 'Rent' : 'Unlock'} ${checkout.title}`,
  }).toString();
  // Medium error correction and a quiet zone of 2 modules: scans from a glossy screen at arm's length.
  const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { url, qr, transferUrl };
}
