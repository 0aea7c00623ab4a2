import { Keypair } from '@solana/web3.js';
import { z } from 'zod';
import { CURRENCIES, formatAmount, type Amount } from '../../catalog/pricing';
import { preorderDate } from '../../catalog/release';
import type { Catalog } from '../../catalog/types';
import { offerFor, offersOf, type PurchaseKind } from './offers';
import { CHECKOUT_KEPT_MS } from './checkout-kept';
import { LEGACY_GENESIS_HASH } from '../chain/cluster';
import { holderOf, readToken, signToken, type SigningKeys } from '../../identity/signed-token';
import { refuse, type Refusal } from '../../errors';

const PURPOSE = 'checkout';

/** How long a checkout's request is drawn as payable (CHECKOUT_WINDOW_SECONDS); the dialog then shows a fresh one. */
export const DEFAULT_CHECKOUT_WINDOW_MS = 30 * 60_000;
/**
 * Cluster clocks drift from ours. A lagging one stamps a payment earlier than it was made, so a block
 * time up to this long before the checkout was issued is still taken as made after it...
 */
const CLUSTER_LAG_MS = 15 * 60_000;
/** ...and one running ahead stamps it later, so a block time this long past the keeping is still in time. */
const CLUSTER_LEAD_MS = 2 * 60_000;

/** An amount as records keep it (lib/catalog/pricing.ts, Amount). */
export const amountSchema = z.object({ currency: z.enum(Object.keys(CURRENCIES) as [keyof typeof CURRENCIES]), units: z.number().int().positive() });

/** A checkout or purchase of before prices were a title's own named its lamports alone: it was SOL, to buy. */
export const withLegacyPrice = (data: unknown) => {
  const legacy = data as { lamports?: unknown; price?: unknown } | null;
  return legacy && typeof legacy === 'object' && legacy.price === undefined && typeof legacy.lamports === 'number'
    ? { ...legacy, price: { currency: 'SOL', units: legacy.lamports } }
    : data;
};

/**
 * What a checkout token carries, for the browser to show: the terms, and until when its request is
 * drawn as payable. `holder` binds it to the browser that started it without naming that browser.
 * The server never trusts these terms: it pays out against its own stored copy, found by `reference`.
 * The price is fixed when the checkout starts: an operator's later edit does not change what it asks.
 */
/** Where a sale was made, when not on the site itself: a Blink (a post a Blink client unfurled). */
export const saleChannelSchema = z.enum(['blink']);
export type SaleChannel = z.infer<typeof saleChannelSchema>;

const checkoutFields = {
  reference: z.string(),
  path: z.string(),
  title: z.string(),
  recipient: z.string(),
  price: amountSchema,
  kind: z.enum(['buy', 'rent']).default('buy'),
  /** A rental's length, from its first play. */
  hours: z.number().int().positive().optional(),
  /** The SPL mint a USDC price is paid in (USDC_MINT when it started). */
  mint: z.string().optional(),
  issuedAt: z.number(),
  expiresAt: z.number(),
  holder: z.string(),
  /** The studio code the price was fixed with (lib/payments/codes). */
  code: z.string().optional(),
};
const checkoutSchema = z.preprocess(withLegacyPrice, z.object(checkoutFields));
export type Checkout = z.infer<typeof checkoutSchema>;

/**
 * The server's own copy of a checkout (ledger `checkouts/{reference}`): the authority on its price and
 * recipient, with the browser (which never leaves the server) and the cluster (genesis hash) it is paid on.
 */
export const storedCheckoutSchema = z.preprocess(
  withLegacyPrice,
  z.object({
    ...checkoutFields,
    browser: z.string(),
    cluster: z.string().default(LEGACY_GENESIS_HASH),
    /** The title's price for this kind when it started, before a rental's credit: what a late payment is held to (late-price.ts). */
    offerPrice: amountSchema.optional(),
    /** Where it was started: absent on the site's own pay dialog, `blink` in a post a Blink client unfurled (lib/payments/blink). */
    channel: saleChannelSchema.optional(),
    /** Bought as a gift: its payment makes a gift link rather than granting the title to its browser (lib/payments/gifts). */
    gift: z.literal(true).optional(),
  }),
);
export type StoredCheckout = z.infer<typeof storedCheckoutSchema>;

export type CheckoutResult = { ok: true; checkout: Checkout; token: string } | Refusal;

export interface CheckoutTerms {
  secret: SigningKeys;
  recipient: string;
  /** PRICE_LAMPORTS: what a title with no price of its own costs, in SOL. */
  defaultLamports: number;
  /** The SPL mint USDC prices are paid in (USDC_MINT). */
  usdcMint: string;
  /** What this browser already paid to rent the title, counted toward buying it (the difference is charged). */
  rentalCredit?: (path: string) => Promise<Amount | null>;
  /** The genesis hash of the cluster this checkout is paid on: a payment on another one credits nothing. */
  cluster: string;
  catalog: Pick<Catalog, 'getTitle'>;
  /** Where the checkout is kept, so a payment found after the browser forgot it is still credited. */
  checkouts: { recordCheckout(checkout: StoredCheckout): Promise<boolean> };
  /** How long the request is drawn as payable (default DEFAULT_CHECKOUT_WINDOW_MS). */
  windowMs?: number;
  /** Started from a Blink rather than the site's dialog: its sale is counted as the Blink's. */
  channel?: SaleChannel;
  /** Counts a use of a code and answers the price with it (lib/payments/codes): absent where codes are not taken. */
  redeemCode?: (code: string, title: { path: string; title: string }, price: Amount) => Promise<{ ok: true; price: Amount; code: string } | Refusal>;
  now?: () => number;
}

export interface CheckoutRequest {
  path: string;
  kind: PurchaseKind;
  /** A studio code typed in the pay dialog. */
  code?: string;
  /** For someone else: a gift is bought to own, at the full price (the giver's rental credit is the giver's). */
  gift?: boolean;
}

type OfferTerms = Pick<CheckoutTerms, 'catalog' | 'defaultLamports' | 'rentalCredit' | 'now'>;

/**
 * What a checkout of `path` would sell and at what price before any code: the offer, less what this browser paid to
 * rent it (the difference, never nothing: a payment still proves which wallet owns it; a gift gets no credit, the
 * giver's rental is the giver's); or why it is not sold.
 */
export async function offerToSell({ path, kind, gift }: Pick<CheckoutRequest, 'path' | 'kind' | 'gift'>, terms: OfferTerms) {
  if (gift && kind !== 'buy') return refuse('invalid_request', 'A gift is bought to own, not rented.');
  const title = await terms.catalog.getTitle(path);
  if (!title) return refuse('not_found', `No title at ${path}.`);
  if (!title.locked) return refuse('conflict', `${title.title} is free to watch; there is nothing to buy.`);
  if (title.soldThrough)
    return refuse('conflict', `${title.title} is sold with ${title.soldThrough.title}, not alone: buy a pass of ${title.soldThrough.title} on its page.`);
  const offers = offersOf(title.path, title.pricing, terms.defaultLamports, preorderDate(title, (terms.now ?? Date.now)()));
  if (offers.length === 0) return refuse('conflict', `${title.title} is not for sale just now: its price is being corrected. Please try again later.`);
  const offer = offerFor(offers, kind);
  if (!offer) return refuse('conflict', kind === 'rent' ? `${title.title} is not offered for rent.` : `${title.title} is offered for rent only.`);
  const credit = kind === 'buy' && !gift ? await terms.rentalCredit?.(title.path) : null;
  const price = credit?.currency === offer.price.currency ? { ...offer.price, units: Math.max(1, offer.price.units - credit.units) } : offer.price;
  return { ok: true as const, title: { path: title.path, title: title.title }, offer, price };
}

/**
 * Starts a purchase of a locked title, to own or to rent, at the price its document sets (the site's default where
 * it sets none): a fresh reference key (Solana Pay's pattern) bound to the title and this browser, kept on the server
 * and signed so the browser can bring it back. A buyer who rented it pays the difference to own it.
 */
export async function createCheckout(request: CheckoutRequest, browser: string, terms: CheckoutTerms): Promise<CheckoutResult> {
  const { kind, gift } = request;
  const sold = await offerToSell(request, terms);
  if (!sold.ok) return sold;
  const { title, offer } = sold;
  let { price } = sold;
  let code: string | undefined;
  if (request.code !== undefined) {
    if (!terms.redeemCode) return refuse('invalid_request', 'Codes are taken in the pay dialog on this site only.');
    // Counted before the checkout is kept: a checkout never exists at a code's price without its use counted.
    const coded = await terms.redeemCode(request.code, title, price);
    if (!coded.ok) return coded;
    ({ price, code } = coded);
  }
  const issuedAt = (terms.now ?? Date.now)();
  const checkout: Checkout = {
    reference: Keypair.generate().publicKey.toBase58(),
    path: title.path,
    title: title.title,
    recipient: terms.recipient,
    price,
    kind,
    ...(offer.hours !== undefined && { hours: offer.hours }),
    ...(price.currency === 'USDC' && { mint: terms.usdcMint }),
    issuedAt,
    expiresAt: issuedAt + (terms.windowMs ?? DEFAULT_CHECKOUT_WINDOW_MS),
    holder: holderOf(terms.secret, PURPOSE, browser),
    ...(code !== undefined && { code }),
  };
  // A fresh random reference: a clash would mean a broken random source, never a retry to absorb.
  const stored = {
    ...checkout,
    browser,
    cluster: terms.cluster,
    offerPrice: offer.price,
    ...(terms.channel && { channel: terms.channel }),
    ...(gift && { gift: true as const }),
  };
  if (!(await terms.checkouts.recordCheckout(stored))) {
    throw new Error(`Checkout ${checkout.reference} already exists.`);
  }
  return { ok: true, checkout, token: signToken(terms.secret, PURPOSE, checkout) };
}

/** "2.50 USDC", "at least 10000000 lamports": a checkout's price as a refusal names it. */
export const priceInWords = ({ price }: Pick<Checkout, 'price'>) => (price.currency === 'SOL' ? `${price.units} lamports` : `${formatAmount(price)}`);

/**
 * The reference of a checkout token today's or the rotated-out key signed; null for an altered one.
 * A rotation must not drop a payment the server still keeps, and the previous key opens nothing new
 * here: the reference only finds the stored checkout, whose browser and terms are what verification trusts.
 */
export const checkoutReference = (secret: SigningKeys, token: string): string | null =>
  readToken(secret, PURPOSE, token, checkoutSchema, 'current-or-previous')?.reference ?? null;

/** Until when the server keeps a checkout and credits a payment of it. */
export const keptUntil = (checkout: Pick<Checkout, 'issuedAt'>) => checkout.issuedAt + CHECKOUT_KEPT_MS;

/** The oldest block time (ms) a payment of a checkout kept at `now` could carry: history older than this pays nothing. */
export const oldestPayableAt = (now: number) => now - CHECKOUT_KEPT_MS - CLUSTER_LAG_MS;

/** Why a payment stamped `blockTime` (seconds) does not pay this checkout, or null when it does. */
export function paidOutOfTime(checkout: StoredCheckout, blockTime: number | null | undefined): string | null {
  // Some RPC nodes do not know a block's time: a payment is never refused for that.
  if (blockTime === null || blockTime === undefined) return null;
  const paidAt = blockTime * 1000;
  if (paidAt < checkout.issuedAt - CLUSTER_LAG_MS) return 'The transaction is older than this checkout.';
  if (paidAt > keptUntil(checkout) + CLUSTER_LEAD_MS) return forgottenReason(checkout);
  return null;
}

const forgottenReason = (checkout: StoredCheckout) =>
  `This checkout was kept until ${new Date(keptUntil(checkout)).toISOString()} and is over; start the purchase again.`;
