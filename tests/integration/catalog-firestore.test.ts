import { afterAll, beforeAll } from 'vitest';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { testFirestore, type TestFirestore } from '../support/firestore';
import { catalogContract } from './catalog-contract';

let firestore: TestFirestore;

beforeAll(async () => {
  firestore = await testFirestore('demo-contract');
  const { db } = firestore;
  const batch = db.batch();
  for (const doc of documentsToWrite(fixtureDocuments)) batch.set(db.doc(doc.path), doc.data as FirebaseFirestore.DocumentData);
  await batch.commit();
});

afterAll(() => firestore.close());

catalogContract('Firestore backend (emulator)', () => createFirestoreStore(firestore.db, 5_000));
