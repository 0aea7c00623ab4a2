/**
 * Copies the embedded catalog (content/*.json) into the configured Firestore, emulator or real.
 * Idempotent: a document already holding the same data is left alone, so a second run writes nothing.
 */
import { isDeepStrictEqual } from 'node:util';
import { parseEnv } from '../lib/env/schema';
import { firestore, firestoreConfigured } from '../lib/firebase';
import { embeddedDocuments } from '../lib/catalog/embedded';
import type { RawDocument } from '../lib/catalog/store';
import { videoSource } from '../lib/media/source';

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
  console.log(describePaidMedia(documents));
  process.exit(0);
}

/**
 * Where the locked videos live, and how to protect one that is public: the operator's checklist
 * after a seed (the same rules apply to documents written by hand).
 */
function describePaidMedia(documents: RawDocument[]): string {
  const data = new Map(documents.map((doc) => [doc.path, doc.data as { locked?: boolean; videourl?: unknown }]));
  const lockedAt = (path: string) => {
    const segments = path.split('/');
    return segments.some((_, i) => i % 2 === 1 && data.get(segments.slice(0, i + 1).join('/'))?.locked === true);
  };
  const kinds = { private: 0, storage: 0, public: [] as string[] };
  for (const doc of documents) {
    const { videourl } = data.get(doc.path)!;
    if (typeof videourl !== 'string' || !lockedAt(doc.path)) continue;
    const source = videoSource(videourl);
    if (source?.kind === 'private') kinds.private += 1;
    else if (source?.kind === 'storage') kinds.storage += 1;
    else kinds.public.push(`    ${doc.path}: ${videourl}`);
  }
  return [
    `seed: paid media: ${kinds.private} locked videos are private:… files (shipped in media-private/, streamed only to buyers),`,
    `  ${kinds.storage} are gs://… Cloud Storage objects (buyers get a signed URL), ${kinds.public.length} play a public URL that is NOT protected:`,
    ...kinds.public,
    '  To protect a video: upload it to a private bucket (gcloud storage cp film.mp4 gs://BUCKET/films/film.mp4) and set its',
    '  videourl to gs://BUCKET/films/film.mp4, or put the file in media-private/ and set videourl to private:films/film.mp4.',
  ].join('\n');
}

main().catch((error: unknown) => {
  console.error('seed failed:', error instanceof Error ? error.message : error);
  process.exit(1);
});
