import type { Firestore } from 'firebase-admin/firestore';
import { readDocuments, setChanged } from './firestore-adapter';
import { documentsToWrite } from './derived-fields';
import { parseTitlePath } from './kinds';
import type { RawDocument } from './store';

/**
 * Writes catalog documents (with their sort keys and search entries) into Firestore, leaving alone those
 * already holding the same data, and keeping each title's `purchaseCount` (what visitors bought is not the
 * writer's to reset). Returns the paths it wrote, for revalidation.
 */
export async function writeCatalog(db: Firestore, documents: RawDocument[]): Promise<{ written: RawDocument[]; total: number }> {
  const titlePaths = documents.filter((doc) => parseTitlePath(doc.path)?.depth === 'title').map((doc) => doc.path);
  const counts = new Map<string, unknown>();
  for (const [index, stored] of (await readDocuments(db, titlePaths)).entries())
    counts.set(titlePaths[index]!, (stored?.data as { purchaseCount?: unknown } | undefined)?.purchaseCount);
  const withCounts = documents.map((doc) => {
    const purchaseCount = counts.get(doc.path);
    return typeof purchaseCount === 'number' ? { ...doc, data: { ...(doc.data as object), purchaseCount } } : doc;
  });
  const prepared = documentsToWrite(withCounts);
  const written = await setChanged(db, prepared);
  return { written, total: prepared.length };
}
