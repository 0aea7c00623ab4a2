import { Keypair } from '@solana/web3.js';
import { z } from 'zod';
import type { Catalog } from '../catalog/types';
import { readToken, signToken, type SigningKeys } from './signed-token';

const PURPOSE = 'checkout';

const checkoutSchema = z.object({
  reference: z.string(),
  path: z.string(),
  title: z.string(),
  browser: z.string(),
  recipient: z.string(),
  lamports: z.number().int().positive(),
  issuedAt: z.number(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export type CheckoutResult =
  | { ok: true; checkout: Checkout; token: string }
  | { ok: false; status: 404 | 409; reason: string };

export interface CheckoutTerms {
  secret: SigningKeys;
  recipient: string;
  lamports: number;
  catalog: Pick<Catalog, 'getPurchasable'>;
}

/**
 * Starts a purchase of a locked title: a fresh reference key (Solana Pay's pattern) bound to the
 * title and this browser, signed so the server can trust it when the browser brings it back.
 */
export async function createCheckout(path: string, browser: string, terms: CheckoutTerms): Promise<CheckoutResult> {
  const title = await terms.catalog.getPurchasable(path);
  if (!title) return { ok: false, status: 404, reason: `No title at ${path}.` };
  if (!title.locked) return { ok: false, status: 409, reason: `${title.title} is free to watch; there is nothing to buy.` };
  const checkout: Checkout = {
    reference: Keypair.generate().publicKey.toBase58(),
    path: title.path,
    title: title.title,
    browser,
    recipient: terms.recipient,
    lamports: terms.lamports,
    issuedAt: Date.now(),
  };
  return { ok: true, checkout, token: signToken(terms.secret, PURPOSE, checkout) };
}

export function readCheckout(secret: SigningKeys, token: string): Checkout | null {
  return readToken(secret, PURPOSE, token, checkoutSchema);
}
