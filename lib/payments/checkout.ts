import { Keypair } from '@solana/web3.js';
import { z } from 'zod';
import type { Catalog } from '../catalog/types';
import { holderOf, isHolder, readToken, signToken, type SigningKeys } from './signed-token';

const PURPOSE = 'checkout';

/** How long a checkout's price and recipient are honoured: its reference must be paid within this time. */
export const CHECKOUT_TTL_MS = 30 * 60_000;
/**
 * Cluster clocks drift from ours. A lagging one stamps a payment earlier than it was made, so a block
 * time up to this long before the checkout was issued is still taken as made after it...
 */
const CLUSTER_LAG_MS = 15 * 60_000;
/** ...and one running ahead stamps it later, so a block time this long past the expiry is still in time. */
const CLUSTER_LEAD_MS = 2 * 60_000;

const terms = {
  reference: z.string(),
  path: z.string(),
  title: z.string(),
  recipient: z.string(),
  lamports: z.number().int().positive(),
  issuedAt: z.number(),
};

/**
 * What a checkout token carries. `holder` binds it to the browser that started it without naming
 * that browser: an HMAC of its id, useless as a cookie to anyone who reads the token.
 */
const checkoutSchema = z.object({ ...terms, expiresAt: z.number(), holder: z.string() });
export type Checkout = z.infer<typeof checkoutSchema>;

/** The server's own copy of a checkout (ledger `checkouts/{reference}`): with the browser, which never leaves the server. */
export const storedCheckoutSchema = checkoutSchema.extend({ browser: z.string() });
export type StoredCheckout = z.infer<typeof storedCheckoutSchema>;

/** Tokens issued before checkouts expired and before the browser was hidden: honoured, so no payment in flight is dropped. */
const legacyCheckoutSchema = z.object({ ...terms, browser: z.string() });

export type CheckoutResult = { ok: true; checkout: Checkout; token: string } | { ok: false; status: 404 | 409; reason: string };

export interface CheckoutTerms {
  secret: SigningKeys;
  recipient: string;
  lamports: number;
  catalog: Pick<Catalog, 'getTitle'>;
  /** Where the checkout is kept, so a payment found after the browser forgot it is still credited. */
  checkouts: { recordCheckout(checkout: StoredCheckout): Promise<boolean> };
  now?: () => number;
}

/** Whether `browser` started this checkout (its holder digest, compared when the browser brings the checkout back). */
export const heldBy = (secret: SigningKeys, checkout: Checkout, browser: string) => isHolder(secret, PURPOSE, browser, checkout.holder);

/**
 * Starts a purchase of a locked title: a fresh reference key (Solana Pay's pattern) bound to the
 * title and this browser, kept on the server and signed so the server can trust it when the browser
 * brings it back.
 */
export async function createCheckout(path: string, browser: string, terms: CheckoutTerms): Promise<CheckoutResult> {
  const title = await terms.catalog.getTitle(path);
  if (!title) return { ok: false, status: 404, reason: `No title at ${path}.` };
  if (!title.locked) return { ok: false, status: 409, reason: `${title.title} is free to watch; there is nothing to buy.` };
  const issuedAt = (terms.now ?? Date.now)();
  const checkout: Checkout = {
    reference: Keypair.generate().publicKey.toBase58(),
    path: title.path,
    title: title.title,
    recipient: terms.recipient,
    lamports: terms.lamports,
    issuedAt,
    expiresAt: issuedAt + CHECKOUT_TTL_MS,
    holder: holderOf(terms.secret, PURPOSE, browser),
  };
  // A fresh random reference: a clash would mean a broken random source, never a retry to absorb.
  if (!(await terms.checkouts.recordCheckout({ ...checkout, browser }))) throw new Error(`Checkout ${checkout.reference} already exists.`);
  return { ok: true, checkout, token: signToken(terms.secret, PURPOSE, checkout) };
}

export function readCheckout(secret: SigningKeys, token: string): Checkout | null {
  const current = readToken(secret, PURPOSE, token, checkoutSchema);
  if (current) return current;
  const legacy = readToken(secret, PURPOSE, token, legacyCheckoutSchema);
  if (!legacy) return null;
  const { browser, ...rest } = legacy;
  return { ...rest, expiresAt: rest.issuedAt + CHECKOUT_TTL_MS, holder: holderOf(secret, PURPOSE, browser) };
}

/** Why a payment stamped `blockTime` (seconds) does not pay this checkout in time, or null when it does. */
export function paidOutOfTime(checkout: Checkout, blockTime: number | null | undefined): string | null {
  // Some RPC nodes do not know a block's time: a payment is never refused for that.
  if (blockTime === null || blockTime === undefined) return null;
  const paidAt = blockTime * 1000;
  if (paidAt < checkout.issuedAt - CLUSTER_LAG_MS) return 'The transaction is older than this checkout.';
  if (paidAt > checkout.expiresAt + CLUSTER_LEAD_MS) return expiredReason(checkout);
  return null;
}

/** Whether a checkout can no longer be paid in time, whatever the cluster's clock says. */
export const checkoutExpired = (checkout: Checkout, now: number) => now > checkout.expiresAt + CLUSTER_LEAD_MS;

export const expiredReason = (checkout: Checkout) =>
  `This checkout expired at ${new Date(checkout.expiresAt).toISOString()} before it was paid; start the purchase again.`;
