import { isDeepStrictEqual } from 'node:util';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { parseTitlePath } from './kinds';
import type { RawDocument } from './store';
import { documentsToWrite } from './indexing';

/** Firestore takes at most 500 writes a batch; reads are asked in chunks of the same size. */
const CHUNK = 400;

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/**
 * Writes catalog documents (with their sort keys and search entries) into Firestore, leaving alone those
 * already holding the same data, and keeping each title's `purchaseCount` (what visitors bought is not the
 * writer's to reset). Returns the paths it wrote, for revalidation.
 */
export async function writeCatalog(db: Firestore, documents: RawDocument[]): Promise<{ written: RawDocument[]; total: number }> {
  const titlePaths = documents.filter((doc) => parseTitlePath(doc.path)?.depth === 'title').map((doc) => doc.path);
  const counts = new Map<string, unknown>();
  for (const chunk of chunks(titlePaths)) {
    for (const snapshot of await db.getAll(...chunk.map((path) => db.doc(path)))) counts.set(snapshot.ref.path, snapshot.get('purchaseCount'));
  }
  const withCounts = documents.map((doc) => {
    const purchaseCount = counts.get(doc.path);
    return typeof purchaseCount === 'number' ? { ...doc, data: { ...(doc.data as object), purchaseCount } } : doc;
  });
  const prepared = documentsToWrite(withCounts);
  const written: RawDocument[] = [];
  for (const chunk of chunks(prepared)) {
    const existing = await db.getAll(...chunk.map((doc) => db.doc(doc.path)));
    const changed = chunk.filter((doc, index) => !isDeepStrictEqual(existing[index]?.data(), doc.data));
    if (changed.length === 0) continue;
    const batch = db.batch();
    for (const doc of changed) batch.set(db.doc(doc.path), doc.data as DocumentData);
    await batch.commit();
    written.push(...changed);
  }
  return { written, total: prepared.length };
}
