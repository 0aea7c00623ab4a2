import 'server-only';
import type { DocumentSnapshot, Firestore, Query } from 'firebase-admin/firestore';
import { withDeadline } from '../deadline';
import { countAggregation, countReads, whileReading } from '../firestore-reads';
import type { DocumentStore, RawDocument, StoreQuery } from './store';

function toRaw(snapshot: DocumentSnapshot): RawDocument {
  return { id: snapshot.id, path: snapshot.ref.path, data: snapshot.data(), updatedAt: snapshot.updateTime?.toDate().toISOString() };
}

/** A StoreQuery as a Firestore query: a range filter on the ordered field stands in for a cursor. */
function firestoreQuery(db: Firestore, collectionPath: string, { orderBy, direction = 'asc', bound, arrayContains, limit }: StoreQuery): Query {
  let query: Query = db.collection(collectionPath);
  if (arrayContains) query = query.where(arrayContains.field, 'array-contains', arrayContains.value);
  if (bound) query = query.where(orderBy, bound.op, bound.value);
  return query.orderBy(orderBy, direction).limit(limit);
}

/**
 * Reads the catalog from Firestore through firebase-admin. A read that takes longer than `timeoutMs`
 * fails, so a regeneration during an outage fails fast and ISR keeps serving the last good page.
 */
export function createFirestoreStore(db: Firestore, timeoutMs: number): DocumentStore {
  return {
    async query(collectionPath, query) {
      const snapshot = await whileReading(withDeadline(firestoreQuery(db, collectionPath, query).get(), timeoutMs, `catalog query ${collectionPath}`));
      countReads(snapshot.size);
      return snapshot.docs.map(toRaw);
    },
    async get(documentPath) {
      const snapshot = await whileReading(withDeadline(db.doc(documentPath).get(), timeoutMs, `catalog read ${documentPath}`));
      countReads(1);
      return snapshot.exists ? toRaw(snapshot) : null;
    },
    async count(collectionPath) {
      const snapshot = await whileReading(withDeadline(db.collection(collectionPath).count().get(), timeoutMs, `catalog count ${collectionPath}`));
      countAggregation(snapshot.data().count);
      return snapshot.data().count;
    },
  };
}
