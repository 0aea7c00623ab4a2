import { isDeepStrictEqual } from 'node:util';
import { FieldPath, type DocumentData, type Firestore } from 'firebase-admin/firestore';
import { catalogQueries, commitWrites, countQuery, pagesOf, readDocument, readQuery, type Write } from '../firestore-adapter';
import { isKind, KINDS, titleContaining } from '../kinds';
import { POPULAR_KEY } from '../popularity';
import { catalogPathOfEntry, SEARCH_COLLECTION, searchEntryId } from '../search-entries';
import type { RawDocument } from '../store';
import { SYNC_HASH, TITLE_HASH } from '../tree-state';
import { documentsToWrite, treeHashes } from '../derived-fields';

/**
 * The catalog sync: the site's own upkeep of what it derives from the operator's documents (each title's
 * `popularKey`, the search entries), so a document written by hand in the seed's fields is a full title
 * everywhere. The unit is a title's tree (see treeOf): a title records the state of its tree it was
 * indexed at (`syncHash`), so a tree whose documents no longer match it is known to need indexing
 * without reading a single search entry.
 */

const fieldOf = (doc: RawDocument | undefined, field: string): unknown => (doc?.data as Record<string, unknown> | undefined)?.[field];

/** A tree as it is now: the title, and its seasons and episodes (those left behind by a deleted title too). */
async function readTree(db: Firestore, tree: string): Promise<RawDocument[]> {
  const title = await readDocument(db, tree);
  const children: RawDocument[] = [];
  let parents = [tree];
  const kind = titleContaining(tree)?.kind;
  // Level by level as the registry lists them: a series' seasons, then their episodes; a short film's episodes.
  for (const level of kind ? KINDS[kind].beneath : []) {
    const found = (await Promise.all(parents.map((parent) => readQuery(db.collection(`${parent}/${level}`))))).flat();
    children.push(...found);
    parents = found.map((doc) => doc.path);
  }
  return [...(title ? [title] : []), ...children];
}

/** The search entries a tree has now: its title's, and those of everything beneath it (ids `series~x~…`). */
async function readTreeEntries(db: Firestore, tree: string): Promise<RawDocument[]> {
  const id = searchEntryId(tree);
  const entries = db.collection(SEARCH_COLLECTION);
  const [own, beneath] = await Promise.all([
    readDocument(db, `${SEARCH_COLLECTION}/${id}`),
    readQuery(entries.orderBy(FieldPath.documentId()).startAt(`${id}~`).endAt(`${id}~\uf8ff`)),
  ]);
  return [...(own ? [own] : []), ...beneath];
}

/**
 * What indexing a tree changes, from the tree and its current entries: the title's sort key and state
 * (an update, so an operator's edit landing meanwhile is kept and seen by the next sync), the entries
 * that differ, and the entries of documents that are gone.
 */
export function treeWrites(tree: string, documents: RawDocument[], entries: RawDocument[]): Write[] {
  const prepared = documentsToWrite(documents);
  const title = prepared.find((doc) => doc.path === tree);
  const stored = documents.find((doc) => doc.path === tree);
  const writes: Write[] = [];
  const derived = title && Object.fromEntries([POPULAR_KEY, SYNC_HASH, TITLE_HASH].map((field) => [field, fieldOf(title, field)]));
  if (derived && Object.entries(derived).some(([field, value]) => fieldOf(stored, field) !== value)) writes.push({ kind: 'update', path: tree, data: derived });
  const current = new Map(entries.map((entry) => [entry.path, entry.data]));
  const wanted = prepared.filter((doc) => doc.path.startsWith(`${SEARCH_COLLECTION}/`));
  for (const entry of wanted)
    if (!isDeepStrictEqual(current.get(entry.path), entry.data)) writes.push({ kind: 'set', path: entry.path, data: entry.data as DocumentData });
  const kept = new Set(wanted.map((entry) => entry.path));
  for (const path of current.keys()) if (!kept.has(path)) writes.push({ kind: 'delete', path });
  return writes;
}

/** Indexes one tree as it is now; true when anything was written (its pages, lists and search then need refreshing). */
export async function syncTree(db: Firestore, tree: string): Promise<boolean> {
  const [documents, entries] = await Promise.all([readTree(db, tree), readTreeEntries(db, tree)]);
  const writes = treeWrites(tree, documents, entries);
  await commitWrites(db, writes);
  return writes.length > 0;
}

/** Trees indexed at once: each is a few reads and one batch of writes, so a bulk import goes this much faster. */
const TREES_AT_ONCE = 8;

/**
 * Indexes `trees`, TREES_AT_ONCE at a time, starting none after `deadline` (ms since the epoch) but the first, so a
 * call always moves on: the trees written (see syncTree), and those left for a later run (the end of `trees`).
 */
export async function syncTrees(db: Firestore, trees: readonly string[], deadline = Infinity): Promise<{ indexed: string[]; left: string[] }> {
  const indexed: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < trees.length && (next === 0 || Date.now() < deadline)) {
      const tree = trees[next++]!;
      if (await syncTree(db, tree)) indexed.push(tree);
    }
  };
  await Promise.all(Array.from({ length: Math.min(TREES_AT_ONCE, trees.length) }, worker));
  return { indexed, left: trees.slice(next) };
}

/** The trees whose documents no longer match the state their title was indexed at (a tree without its title too). */
export function treesToSync(documents: RawDocument[]): string[] {
  const byPath = new Map(documents.map((doc) => [doc.path, doc]));
  return [...treeHashes(documents)].filter(([tree, hash]) => fieldOf(byPath.get(tree), SYNC_HASH) !== hash).map(([tree]) => tree);
}

/** Every catalog document: the titles, then every season and episode (collection-group queries), page by page. */
export async function scanCatalog(db: Firestore): Promise<RawDocument[]> {
  const documents: RawDocument[] = [];
  // Every document under a kind's collection, an id the site cannot address included (catalog:check names it; the sync passes it by).
  for (const query of catalogQueries(db))
    for await (const page of pagesOf(query)) documents.push(...page.filter((doc) => isKind(doc.path.split('/')[0] ?? '')));
  return documents;
}

/**
 * Deletes the search entries of documents that no longer exist (a movie deleted while no sync watched):
 * only when the entries outnumber what the catalog should have (one count), then by reading their ids.
 * Returns the catalog paths whose entries it removed.
 */
export async function sweepEntries(db: Firestore, documents: RawDocument[]): Promise<string[]> {
  const expected = new Set(
    documentsToWrite(documents)
      .filter((doc) => doc.path.startsWith(`${SEARCH_COLLECTION}/`))
      .map((doc) => doc.id),
  );
  const counted = await countQuery(db.collection(SEARCH_COLLECTION));
  if (counted <= expected.size) return [];
  const orphans: Write[] = [];
  for await (const page of pagesOf(db.collection(SEARCH_COLLECTION).select())) {
    for (const entry of page) if (!expected.has(entry.id)) orphans.push({ kind: 'delete', path: entry.path });
  }
  await commitWrites(db, orphans);
  return orphans.map((orphan) => catalogPathOfEntry(orphan.path));
}
