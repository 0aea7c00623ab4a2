import 'server-only';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../deadline';
import type { DocumentStore, RawDocument } from './store';

function toRaw(snapshot: DocumentSnapshot): RawDocument {
  return { id: snapshot.id, path: snapshot.ref.path, data: snapshot.data(), updatedAt: snapshot.updateTime?.toDate().toISOString() };
}

/**
 * Reads the catalog from Firestore through firebase-admin. A read that takes longer than `timeoutMs`
 * fails, so a regeneration during an outage fails fast and ISR keeps serving the last good page.
 */
export function createFirestoreStore(db: Firestore, timeoutMs: number): DocumentStore {
  return {
    async list(collectionPath) {
      const snapshot = await withDeadline(db.collection(collectionPath).get(), timeoutMs, `catalog list ${collectionPath}`);
      return snapshot.docs.map(toRaw);
    },
    async get(documentPath) {
      const snapshot = await withDeadline(db.doc(documentPath).get(), timeoutMs, `catalog read ${documentPath}`);
      return snapshot.exists ? toRaw(snapshot) : null;
    },
  };
}
