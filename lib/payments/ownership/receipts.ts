import type { Amount } from '../../catalog/pricing';
import type { Catalog } from '../../catalog/types';
import type { Grant, Ledger, Purchase } from '../ledger/ledger';
import type { PurchaseKind } from '../checkout/offers';
import { rentalWindow } from './rentals';

/** One line of "My purchases": what this browser owns, and the payment that proves it where known. */
export interface Receipt {
  path: string;
  title: string;
  coverimg: string | null;
  /** When this browser got it (the payment's verification, or the grant for restores and old cookies). */
  at: string;
  /** The payment, when the ledger holds it; null for purchases carried over from the old cookie, and for a gift. */
  payment: Payment | null;
  /** Claimed from a gift link: someone else paid (their payment is theirs, not on this receipt). */
  gift?: true;
}

interface Payment {
  signature: string;
  price: Amount;
  kind: PurchaseKind;
  hours?: number;
  wallet: string;
}

/** One payment's printable receipt (/purchases/{signature}), for the browser that holds what it paid for. */
export interface PaymentReceipt extends Omit<Receipt, 'payment'> {
  payment: Payment;
  /** A rental's first play (ms; null before it) and when it ends, or, never played, by when it must be started. */
  rental: { startedAt: number | null; endsAt: number } | null;
}

type Deps = { ledger: Pick<Ledger, 'grantsOf' | 'get' | 'byWallet'>; catalog: Pick<Catalog, 'getTitle'> };

const RESTORED = /^restore:(.+)$/;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;
/** A grant a gift's claim gave (lib/payments/gifts, giftGrantVia). */
const GIFTED = /^gift:/;

const paymentOf = (purchase: Purchase): Payment => ({
  signature: purchase.signature,
  price: purchase.price,
  kind: purchase.kind,
  ...(purchase.hours !== undefined && { hours: purchase.hours }),
  wallet: purchase.wallet,
});

/** The purchase behind a grant: its own signature, or the restoring wallet's purchase of that path. */
async function purchaseBehind(grant: Grant, ledger: Deps['ledger']): Promise<Purchase | null> {
  const restoredBy = RESTORED.exec(grant.via)?.[1];
  if (restoredBy) return (await ledger.byWallet(restoredBy, grant.cluster)).find((purchase) => purchase.path === grant.path) ?? null;
  return SIGNATURE.test(grant.via) ? ledger.get(grant.via) : null;
}

/** Newest first, on `cluster` (a genesis hash); titles no longer in the catalog are left out (they cannot be shown or played). */
export async function receiptsFor(browser: string, cluster: string, { ledger, catalog }: Deps): Promise<Receipt[]> {
  const grants = await ledger.grantsOf(browser, cluster);
  const receipts = await Promise.all(
    grants.map(async (grant): Promise<Receipt | null> => {
      const [title, purchase] = await Promise.all([catalog.getTitle(grant.path), purchaseBehind(grant, ledger)]);
      if (!title) return null;
      return {
        path: grant.path,
        title: title.title,
        coverimg: title.coverimg,
        at: purchase?.verifiedAt ?? grant.grantedAt,
        payment: purchase && paymentOf(purchase),
        ...(GIFTED.test(grant.via) && { gift: true as const }),
      };
    }),
  );
  const unique = new Map(receipts.filter((r): r is Receipt => r !== null).map((r) => [r.path, r]));
  return [...unique.values()].sort((a, b) => b.at.localeCompare(a.at));
}

/**
 * Whether one browser's `grants` hold what `purchase` paid for: a grant by its signature (a purchase, a rental), or the
 * paying wallet's restore of its path. A signature is public on chain: knowing one shows no one its receipt.
 */
export const holdsReceipt = (grants: readonly Grant[], purchase: Purchase) =>
  grants.some(
    (grant) =>
      grant.cluster === purchase.cluster && (grant.via === purchase.signature || (grant.via === `restore:${purchase.wallet}` && grant.path === purchase.path)),
  );

/**
 * The receipt of the payment `signature` for `browser` on `cluster`, or null when this browser holds nothing it paid for
 * (nor gave it as a gift)
 * (or there is no such payment, or its title is gone): a read of the purchase, of the browser's grants, of the title,
 * and of a rental's first play.
 */
export async function receiptFor(
  browser: string,
  cluster: string,
  signature: string,
  { ledger, catalog }: { ledger: Pick<Ledger, 'grantsOf' | 'get' | 'rentalStartOf'>; catalog: Pick<Catalog, 'getTitle'> },
): Promise<PaymentReceipt | null> {
  if (!SIGNATURE.test(signature)) return null;
  const [purchase, grants] = await Promise.all([ledger.get(signature), ledger.grantsOf(browser, cluster)]);
  // A gift's payment is its giver's receipt: the browser that paid holds no grant of it.
  const givenHere = purchase?.gift === true && purchase.browser === browser;
  if (!purchase || purchase.cluster !== cluster || !(givenHere || holdsReceipt(grants, purchase))) return null;
  const [title, startedAt] = await Promise.all([catalog.getTitle(purchase.path), purchase.kind === 'rent' ? ledger.rentalStartOf(signature) : null]);
  if (!title) return null;
  const rental = purchase.kind === 'rent' ? rentalWindow(purchase, startedAt) : null;
  return {
    path: purchase.path,
    title: title.title,
    coverimg: title.coverimg,
    at: purchase.blockTime !== null ? new Date(purchase.blockTime * 1000).toISOString() : purchase.verifiedAt,
    payment: paymentOf(purchase),
    rental: rental && { startedAt: rental.startedAt, endsAt: rental.endsAt },
  };
}
