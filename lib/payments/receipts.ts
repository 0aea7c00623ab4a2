import type { Amount } from '../catalog/pricing';
import type { Catalog } from '../catalog/types';
import type { Grant, Ledger, Purchase } from './ledger';
import type { PurchaseKind } from './offers';

/** One line of "My purchases": what this browser owns, and the payment that proves it where known. */
export interface Receipt {
  path: string;
  title: string;
  coverimg: string | null;
  /** When this browser got it (the payment's verification, or the grant for restores and old cookies). */
  at: string;
  /** The payment, when the ledger holds it; null for purchases carried over from the old cookie. */
  payment: { signature: string; price: Amount; kind: PurchaseKind; hours?: number; wallet: string } | null;
}

type Deps = { ledger: Pick<Ledger, 'grantsOf' | 'get' | 'byWallet'>; catalog: Pick<Catalog, 'getTitle'> };

const RESTORED = /^restore:(.+)$/;
const SIGNATURE = /^[1-9A-HJ-NP-Za-km-z]{64,90}$/;

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
        payment: purchase && {
          signature: purchase.signature,
          price: purchase.price,
          kind: purchase.kind,
          ...(purchase.hours !== undefined && { hours: purchase.hours }),
          wallet: purchase.wallet,
        },
      };
    }),
  );
  const unique = new Map(receipts.filter((r): r is Receipt => r !== null).map((r) => [r.path, r]));
  return [...unique.values()].sort((a, b) => b.at.localeCompare(a.at));
}
