import { encodeURL } from '@solana/pay';
import { PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import { CURRENCIES } from '../catalog/pricing';
import QRCode from 'qrcode';
import type { Checkout } from './checkout';

/** What the purchase dialog shows for paying from any wallet: the Solana Pay URL and its QR code (SVG). */
export interface TransferRequest {
  url: string;
  qr: string;
}

const SITE_LABEL = 'Solenema';

/**
 * The Solana Pay transfer request for a checkout: the same recipient, price (in SOL, or the USDC mint's
 * tokens: `spl-token=`) and reference the Phantom path pays, so the server verifies either payment by the same rules. The QR is drawn
 * here, on the server, so the browser downloads no QR library.
 */
export async function transferRequest(checkout: Checkout): Promise<TransferRequest> {
  const url = encodeURL({
    recipient: new PublicKey(checkout.recipient),
    amount: new BigNumber(checkout.price.units).shiftedBy(-CURRENCIES[checkout.price.currency].decimals),
    ...(checkout.mint && { splToken: new PublicKey(checkout.mint) }),
    reference: new PublicKey(checkout.reference),
    label: SITE_LABEL,
    message: `${checkout.kind === 'rent' ? 'Rent' : 'Unlock'} ${checkout.title}`,
  }).toString();
  // Medium error correction and a quiet zone of 2 modules: scans from a glossy screen at arm's length.
  const qr = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { url, qr };
}
