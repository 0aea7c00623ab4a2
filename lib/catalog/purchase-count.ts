import type { Firestore } from 'firebase-admin/firestore';
import { whileReading } from '../firestore-reads';
import { commitWrites, pagesOf, readInTransaction, type Write } from './firestore-adapter';
import { formatTitlePath, KIND_LIST, titleContaining } from './kinds';
import { POPULAR_KEY, popularKey } from './popularity';

/**
 * Counts one claimed purchase toward its title's popularity: `purchaseCount` + 1 and the `popularKey`
 * made from it, in one transaction. Called once per claimed signature (the ledger's claim is
 * create-once), so a signature never counts twice. An episode counts toward its series or short film.
 */
export async function countPurchaseIn(db: Firestore, path: string): Promise<void> {
  const title = titleContaining(path);
  if (!title) return;
  const ref = db.doc(formatTitlePath(title));
  await whileReading(
    db.runTransaction(async (transaction) => {
      const snapshot = await readInTransaction(transaction, ref);
      if (!snapshot.exists) return;
      const data = { ...snapshot.data(), purchaseCount: Number(snapshot.get('purchaseCount') ?? 0) + 1 };
      transaction.update(ref, { purchaseCount: data.purchaseCount, [POPULAR_KEY]: popularKey(ref.id, data) });
    }),
  );
}

/** Documents per page of the recount's walk (a page of titles is also one batch of updates). */
const RECOUNT_PAGE = 500;

/**
 * Repairs every title's `purchaseCount` (and `popularKey`) from the `purchases` ledger, the record of
 * what was bought: counts a failed increment missed, and keys of titles written by hand without one.
 * Returns the titles it changed.
 */
export async function recountPurchases(db: Firestore): Promise<string[]> {
  const counts = new Map<string, number>();
  for await (const page of pagesOf(db.collection('purchases'), RECOUNT_PAGE)) {
    for (const purchase of page) {
      const title = titleContaining(String((purchase.data as { path?: unknown } | undefined)?.path ?? ''));
      const path = title && formatTitlePath(title);
      if (path) counts.set(path, (counts.get(path) ?? 0) + 1);
    }
  }
  const changed: string[] = [];
  for (const collection of KIND_LIST) {
    for await (const page of pagesOf(db.collection(collection), RECOUNT_PAGE)) {
      const updates: Write[] = [];
      for (const doc of page) {
        const data = (doc.data ?? {}) as Record<string, unknown>;
        const purchaseCount = counts.get(doc.path) ?? 0;
        const key = popularKey(doc.id, { ...data, purchaseCount });
        if (data.purchaseCount === purchaseCount && data[POPULAR_KEY] === key) continue;
        updates.push({ kind: 'update', path: doc.path, data: { purchaseCount, [POPULAR_KEY]: key } });
      }
      await commitWrites(db, updates);
      changed.push(...updates.map((update) => update.path));
    }
  }
  return changed;
}
