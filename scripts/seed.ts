/**
 * Copies the embedded catalog (content/*.json) into the configured Firestore, emulator or real.
 * Idempotent: a document already holding the same data is left alone, so a second run writes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase';
import { embeddedDocuments } from '../lib/catalog/embedded';

async function main() {
  const env = parseEnv(process.env);
  if (!firestoreConfigured(env)) {
    console.error('seed: no Firestore configured. Set FIRESTORE_EMULATOR_HOST (+ FIREBASE_PROJECT_ID) or Firebase credentials; see .env.local.example.');
    process.exit(1);
  }
  const db = firestore(env);
  const documents = embeddedDocuments();
  const existing = await db.getAll(...documents.map((doc) => db.doc(doc.path)));
  let written = 0;
  const batch = db.batch();
  documents.forEach((doc, index) => {
    if (isDeepStrictEqual(existing[index]?.data(), doc.data)) return;
    batch.set(db.doc(doc.path), doc.data as FirebaseFirestore.DocumentData);
    console.log(`  ${existing[index]?.exists ? 'updated' : 'created'} ${doc.path}`);
    written += 1;
  });
  if (written > 0) await batch.commit();
  const target = env.FIRESTORE_EMULATOR_HOST ? `emulator ${env.FIRESTORE_EMULATOR_HOST}` : `project ${env.FIREBASE_PROJECT_ID ?? '(default credentials)'}`;
  console.log(`seed: ${written} written, ${documents.length - written} unchanged, into ${target}`);
  process.exit(0);
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
