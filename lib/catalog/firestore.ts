import 'server-only';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import type { DocumentStore, RawDocument } from './store';

function toRaw(snapshot: DocumentSnapshot): RawDocument {
  return { id: snapshot.id, path: snapshot.ref.path, data: snapshot.data(), updatedAt: snapshot.updateTime?.toDate().toISOString() };
}

/** Reads the catalog from Firestore through firebase-admin. */
export function createFirestoreStore(db: Firestore): DocumentStore {
  return {
    async list(collectionPath) {
      const snapshot = await db.collection(collectionPath).get();
      return snapshot.docs.map(toRaw);
    },
    async get(documentPath) {
      const snapshot = await db.doc(documentPath).get();
      return snapshot.exists ? toRaw(snapshot) : null;
    },
  };
}
