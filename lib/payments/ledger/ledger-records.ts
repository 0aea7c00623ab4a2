import { createHash } from 'node:crypto';
import { z } from 'zod';
import { amountSchema, keptUntil, saleChannelSchema, withLegacyPrice, type StoredCheckout } from '../checkout/checkout';
import type { Amount } from '../../catalog/pricing';
import { LEGACY_GENESIS_HASH } from '../chain/cluster';

/** The records the purchase ledger keeps, and the one interface its two stores (Firestore, files) implement. */

export const purchaseSchema = z.preprocess(
  withLegacyPrice,
  z.object({
    signature: z.string(),
    wallet: z.string(),
    path: z.string(),
    /** What the transaction paid. */
    price: amountSchema,
    kind: z.enum(['buy', 'rent']).default('buy'),
    /** A rental's length, from its first play. */
    hours: z.number().int().positive().optional(),
    slot: z.number(),
    blockTime: z.number().nullable(),
    verifiedAt: z.string(),
    reference: z.string(),
    /** The browser that claimed it; absent on purchases recorded before browsers were remembered. */
    browser: z.string().optional(),
    /** The genesis hash of the cluster it was paid on: it unlocks nothing on another. */
    cluster: z.string().default(LEGACY_GENESIS_HASH),
    /** Its checkout's channel: absent for a sale on the site itself. */
    channel: saleChannelSchema.optional(),
    /** The studio code its checkout's price was fixed with (lib/payments/codes). */
    code: z.string().optional(),
    /** Bought as a gift: granted to no one by its payment, only by its claim (lib/payments/gifts). */
    gift: z.literal(true).optional(),
  }),
);
export type Purchase = z.infer<typeof purchaseSchema>;

/**
 * A title path this browser may play, and how it got it (a purchase signature, or a wallet's restore). A rental
 * (`rent`) names its purchase's signature: its time runs from that purchase's first play, in whichever browser.
 */
export const grantSchema = z.object({
  browser: z.string(),
  path: z.string(),
  via: z.string(),
  grantedAt: z.string(),
  cluster: z.string().default(LEGACY_GENESIS_HASH),
  kind: z.enum(['own', 'rent']).default('own'),
});
export type GrantKind = Grant['kind'];
export type Grant = z.infer<typeof grantSchema>;

/**
 * How far restore has read a wallet's history (newest first): a walk under way (where it began, where it
 * goes on), and the newest signature of the last walk that reached the end, above which the next one stops.
 */
export const walletScanSchema = z.object({ cluster: z.string(), top: z.string().optional(), before: z.string().optional(), seenUntil: z.string().optional() });
export type WalletScan = z.infer<typeof walletScanSchema>;

/** How long a wallet's scan is kept unused: as long as a checkout, the oldest payment it could find. */
export const keepScan = (now: number) => keptUntil({ issuedAt: now });

/**
 * The purchase ledger: `purchases/{signature}` created once, never overwritten,
 * `entitlements/{browser}~{hash of path}`: what each browser owns, however many titles,
 * `checkouts/{reference}`: every checkout started, so a payment found later is still credited, and
 * `checkoutCredits/{reference}`: the one payment a checkout is credited for (any other is an extra payment, to refund).
 */
export interface Ledger {
  /** Atomically records a purchase; false when the signature was already claimed. */
  create(purchase: Purchase): Promise<boolean>;
  /** Credits a checkout to `signature` once: answers the signature it is credited to (this one, or the one before it). */
  creditCheckout(reference: string, signature: string): Promise<string>;
  /** The signature a checkout was credited to; null before it was paid (or when it was paid before credits were kept). */
  creditOf(reference: string): Promise<string | null>;
  /** Keeps a payment to refund (once per signature): a checkout's second payment, or a late one below the price now. The studio lists it. */
  noteExtraPayment(payment: ExtraPayment): Promise<void>;
  /** The newest extra payments on `cluster`, at most `limit`. */
  extraPayments(cluster: string, limit: number): Promise<ExtraPayment[]>;
  get(signature: string): Promise<Purchase | null>;
  /** The wallet's purchases on `cluster` (a genesis hash) for itself: a gift it paid for is its claimer's. */
  byWallet(wallet: string, cluster: string): Promise<Purchase[]>;
  /** Spends a one-time restore nonce, kept until `expiresAt` (ms) when its challenge could no longer be answered; false when spent before. */
  spendNonce(nonce: string, expiresAt: number): Promise<boolean>;
  /** Remembers that `browser` owns (or rents, `via` a purchase) `path` on `cluster`; granting it again changes nothing. */
  grant(browser: string, path: string, via: string, cluster: string, kind?: GrantKind): Promise<void>;
  /** Every grant `browser` holds on `cluster`: what, how (a purchase signature, `restore:{wallet}`, …) and when. */
  grantsOf(browser: string, cluster: string): Promise<Grant[]>;
  /** Every path `browser` owns for good on `cluster` (not rentals). */
  ownedBy(browser: string, cluster: string): Promise<string[]>;
  /** When the rental paid by `signature` was first played: recorded once (the first play wins), answered as recorded. */
  startRental(signature: string, at: number): Promise<number>;
  /** When the rental paid by `signature` was first played; null before. */
  rentalStartOf(signature: string): Promise<number | null>;
  /** Keeps a checkout by its reference (for CHECKOUT_KEPT_MS); false when that reference was recorded before. */
  recordCheckout(checkout: StoredCheckout): Promise<boolean>;
  /** The checkout of `reference`, while it is kept. */
  checkoutOf(reference: string): Promise<StoredCheckout | null>;
  scanOf(wallet: string): Promise<WalletScan | null>;
  saveScan(wallet: string, scan: WalletScan): Promise<void>;
  /** Sales verified on `cluster` from `from` to `to` (ISO times, `to` excluded), newest first, at most `limit`, after `after` (the last of the page before). */
  salesBetween(cluster: string, from: string, to: string, limit: number, after?: SalesCursor): Promise<Purchase[]>;
  /** Keeps a transfer to the recipient a look found in its list (once per signature): lists never share a read. */
  noteTransfer(transfer: RecipientTransfer, list: TransferList): Promise<void>;
  /** The newest transfers of `list` noted on `cluster`, at most `limit`. */
  transfersIn(list: TransferList, cluster: string, limit: number): Promise<RecipientTransfer[]>;
  /** The smallest price in `currency` a checkout still kept on `cluster` asks; null when none does. */
  smallestAsked(cluster: string, currency: Amount['currency']): Promise<number | null>;
}

/**
 * Where a transfer to the recipient is kept, so that no list can push another off the studio's page: `unclaimed`, a
 * payment of a checkout of ours no browser claimed (its payer restores it); `stray`, one naming no checkout, or paying
 * one too little; `dust`, a stray below the smallest price asked (a spammer's fractions of a cent, by the thousand).
 */
export type TransferList = 'unclaimed' | 'stray' | 'dust';
/** The Firestore collection (and the file ledger's folder) of each list; unclaimed ones keep the collection all shared before. */
export const TRANSFER_COLLECTIONS: Record<TransferList, string> = { unclaimed: 'recipientTransfers', stray: 'strayTransfers', dust: 'dustTransfers' };

/**
 * One document per (browser, cluster, path): a fixed-length id, whatever the path's length or characters.
 * Legacy (devnet) grants keep the id they had before grants named a cluster, so granting one again changes nothing.
 */
export const grantId = (browser: string, path: string, cluster: string, kind: GrantKind, via: string) =>
  `${browser}~${createHash('sha256')
    .update(kind === 'rent' ? `${cluster}\n${path}\nrent ${via}` : cluster === LEGACY_GENESIS_HASH ? path : `${cluster}\n${path}`)
    .digest('base64url')
    .slice(0, 32)}`;

export const rentalSchema = z.object({ startedAt: z.number() });

/**
 * A transfer to the recipient a look read on chain: one paying a checkout of ours that no browser claimed yet (its
 * reference, title and path), or one naming no checkout of ours (`checkout` absent). For the studio's reconciliation.
 */
export const recipientTransferSchema = z.object({
  signature: z.string(),
  cluster: z.string(),
  /** Its block time, ms (when the node knows none, when the look read it). */
  at: z.number(),
  payer: z.string(),
  amount: amountSchema,
  checkout: z.object({ reference: z.string(), path: z.string(), title: z.string() }).optional(),
});
export type RecipientTransfer = z.infer<typeof recipientTransferSchema>;

/**
 * A payment of a checkout that was already credited to another (a buyer who paid twice: a wallet that sent a second
 * transaction, a QR paid from two phones). It unlocks nothing more; the studio lists it, with both signatures, to refund.
 */
export const extraPaymentSchema = recipientTransferSchema.extend({
  /** The payment the checkout was credited to (paid twice); absent for a late payment below the price now. */
  credited: z.string().optional(),
  /** A payment made after its checkout closed, below the title's price now (null: no longer sold that way): lib/payments/checkout/late-price.ts. */
  priceNow: amountSchema.nullable().optional(),
  checkout: z.object({ reference: z.string(), path: z.string(), title: z.string() }),
});
export type ExtraPayment = z.infer<typeof extraPaymentSchema>;

/** A checkout's credit: the one signature it was credited to. */
export const creditSchema = z.object({ signature: z.string() });

/** Where a page of sales ends: the next page starts after this sale. */
export type SalesCursor = Pick<Purchase, 'verifiedAt' | 'signature'>;
/** Newest first, and by signature within a millisecond: the order the studio pages sales in. */
export const newestFirst = (a: SalesCursor, b: SalesCursor) =>
  b.verifiedAt.localeCompare(a.verifiedAt) || (a.signature < b.signature ? 1 : a.signature > b.signature ? -1 : 0);

export function parseWith<S extends z.ZodType>(schema: S, data: unknown, where: string): z.output<S> | null {
  const result = schema.safeParse(data);
  if (!result.success) console.warn(`[ledger] skipped ${where}: ${result.error.issues[0]?.message}`);
  return result.success ? result.data : null;
}

export const present = <T>(value: T | null): value is T => value !== null;
const unique = (paths: string[]) => [...new Set(paths)];

export type Store = Omit<Ledger, 'ownedBy' | 'byWallet' | 'grantsOf'> & {
  byWallet(wallet: string): Promise<Purchase[]>;
  grantsOf(browser: string): Promise<Grant[]>;
};

/**
 * The cluster filter and ownedBy, one definition for every ledger: records name their cluster (legacy ones
 * are devnet's), and a purchase or grant made on one cluster is invisible on another.
 */
export const onCluster = (store: Store): Ledger => {
  const grantsOf = async (browser: string, cluster: string) => (await store.grantsOf(browser)).filter((grant) => grant.cluster === cluster);
  return {
    ...store,
    byWallet: async (wallet, cluster) => (await store.byWallet(wallet)).filter((purchase) => purchase.cluster === cluster && !purchase.gift),
    grantsOf,
    ownedBy: async (browser, cluster) => unique((await grantsOf(browser, cluster)).filter((grant) => grant.kind === 'own').map((grant) => grant.path)),
  };
};
