import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { countReads, whileReading } from '../firestore-reads';
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
      const snapshot = await transaction.get(ref);
      countReads(1);
      if (!snapshot.exists) return;
      const data = { ...snapshot.data(), purchaseCount: Number(snapshot.get('purchaseCount') ?? 0) + 1 };
      transaction.update(ref, { purchaseCount: data.purchaseCount, [POPULAR_KEY]: popularKey(ref.id, data) });
    }),
  );
}

const PAGE = 500;

/** Every document of a collection, a page at a time in id order, each page starting after the last one read: for operator commands only. */
async function* everyDocument(db: Firestore, collection: string) {
  let query = db.collection(collection).orderBy(FieldPath.documentId()).limit(PAGE);
  for (;;) {
    const page = await query.get();
    yield* page.docs;
    const last = page.docs.at(-1);
    if (page.size < PAGE || !last) return;
    query = query.startAfter(last);
  }
}

/**
 * Repairs every title's `purchaseCount` (and `popularKey`) from the `purchases` ledger, the record of
 * what was bought: counts a failed increment missed, and keys of titles written by hand without one.
 * Returns the titles it changed.
 */
export async function recountPurchases(db: Firestore): Promise<string[]> {
  const counts = new Map<string, number>();
  for await (const purchase of everyDocument(db, 'purchases')) {
    const title = titleContaining(String(purchase.get('path') ?? ''));
    const path = title && formatTitlePath(title);
    if (path) counts.set(path, (counts.get(path) ?? 0) + 1);
  }
  const changed: string[] = [];
  for (const collection of KIND_LIST) {
    for await (const doc of everyDocument(db, collection)) {
      const data = doc.data();
      const purchaseCount = counts.get(doc.ref.path) ?? 0;
      const key = popularKey(doc.id, { ...data, purchaseCount });
      if (data.purchaseCount === purchaseCount && data[POPULAR_KEY] === key) continue;
      await doc.ref.update({ purchaseCount, [POPULAR_KEY]: key });
      changed.push(doc.ref.path);
    }
  }
  return changed;
}
