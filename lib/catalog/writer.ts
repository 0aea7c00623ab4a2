import { isDeepStrictEqual } from 'node:util';
import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import { parseTitlePath } from './kinds';
import type { RawDocument } from './store';
import { documentsToWrite } from './writes';

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

/**
 * Tells the site which catalog documents changed (POST /api/revalidate with their paths), so their pages
 * and lists refresh within a minute instead of at the backstop. Skipped (and said so) without a site URL and secret.
 */
export async function revalidateSite(siteUrl: string | undefined, secret: string | undefined, paths: string[]): Promise<string> {
  if (!siteUrl || !secret) return 'revalidate: skipped (set NEXT_PUBLIC_SITE_URL and REVALIDATE_SECRET to refresh the site at once)';
  const titles = [...new Set(paths.filter((path) => !path.startsWith('searchEntries/')))];
  if (titles.length === 0) return 'revalidate: nothing changed';
  // The write is done either way: a site that is down or refuses is reported, never a failed write.
  try {
    for (let start = 0; start < titles.length; start += 500) {
      const response = await fetch(`${siteUrl}/api/revalidate`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', origin: siteUrl },
        body: JSON.stringify({ titles: titles.slice(start, start + 500) }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!response.ok) return `revalidate: ${siteUrl} answered ${response.status}: ${(await response.text()).slice(0, 200)}`;
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return `revalidate: could not reach ${siteUrl} (${reason}); its pages refresh at the backstop or on the next POST /api/revalidate`;
  }
  return `revalidate: ${titles.length} catalog paths refreshed on ${siteUrl}`;
}
