import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll } from 'vitest';
import { startFirestoreEmulator } from '@/e2e/support/firestore-emulator';
import { createFirestoreStore } from '@/lib/catalog/firestore';
import { documentsToWrite } from '@/lib/catalog/writes';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { catalogContract } from './catalog-contract';

const PORT = 8791;
let emulator: Awaited<ReturnType<typeof startFirestoreEmulator>>;
let app: App;
let db: Firestore;

beforeAll(async () => {
  emulator = await startFirestoreEmulator(PORT);
  process.env.FIRESTORE_EMULATOR_HOST = emulator.host;
  process.env.METADATA_SERVER_DETECTION = 'none';
  app = initializeApp({ projectId: 'demo-contract' }, 'catalog-contract');
  db = getFirestore(app);
  const batch = db.batch();
  for (const doc of documentsToWrite(fixtureDocuments)) batch.set(db.doc(doc.path), doc.data as FirebaseFirestore.DocumentData);
  await batch.commit();
});

afterAll(async () => {
  await deleteApp(app);
  await emulator.stop();
});

catalogContract('Firestore backend (emulator)', () => createFirestoreStore(db, 5_000));
