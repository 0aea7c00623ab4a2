import { isDeepStrictEqual } from 'node:util';
import {
  FieldPath,
  type DocumentData,
  type DocumentReference,
  type DocumentSnapshot,
  type Firestore,
  type Query,
  type Transaction,
} from 'firebase-admin/firestore';
import { withDeadline } from '../deadline';
import { countAggregation, countReads, whileReading } from '../firestore-reads';
import { KIND_LIST, LEVELS_BENEATH } from './kinds';
import type { DocumentStore, RawDocument, StoreQuery } from './store';

/**
 * The catalog's one Firestore adapter: every catalog read and write goes through here (the site's store, the
 * catalog sync, the census, the seed writer, purchase counts), so a snapshot becomes a RawDocument in one way,
 * every read is counted as Firestore bills it (lib/firestore-reads.ts), and writes are committed in batches of
 * one size. Not marked server-only: the seed writer runs in scripts and in Playwright's scale spec too.
 */

/** Firestore takes at most 500 writes a batch; reads of many documents by path are asked in chunks of the same size. */
const BATCH = 400;
/** Documents per page of a whole-collection scan: memory stays bounded by a page, not the collection. */
const SCAN_PAGE = 1000;

/** Wraps a read in flight (a deadline, the in-flight count): the site's store passes one, operator commands none. */
type Guard = <T>(read: Promise<T>, what: string) => Promise<T>;
const unguarded: Guard = (read) => read;

function toRaw(snapshot: DocumentSnapshot): RawDocument {
  return { id: snapshot.id, path: snapshot.ref.path, data: snapshot.data(), updatedAt: snapshot.updateTime?.toDate().toISOString() };
}

const chunks = <T>(items: T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, i) => items.slice(i * BATCH, (i + 1) * BATCH));

/** Every document a query returns (one read each, an empty answer still one). */
export async function readQuery(query: Query, guard: Guard = unguarded, what = 'catalog query'): Promise<RawDocument[]> {
  const snapshot = await guard(query.get(), what);
  countReads(snapshot.size);
  return snapshot.docs.map(toRaw);
}

/** One document by its path, or null when there is none (one read either way). */
export async function readDocument(db: Firestore, path: string, guard: Guard = unguarded, what = `catalog read ${path}`): Promise<RawDocument | null> {
  const snapshot = await guard(db.doc(path).get(), what);
  countReads(1);
  return snapshot.exists ? toRaw(snapshot) : null;
}

/** Documents by their paths, in the order given (null where there is none), asked a chunk at a time. */
export async function readDocuments(db: Firestore, paths: string[]): Promise<(RawDocument | null)[]> {
  const found: (RawDocument | null)[] = [];
  for (const chunk of chunks(paths)) {
    const snapshots = await db.getAll(...chunk.map((path) => db.doc(path)));
    countReads(snapshots.length);
    found.push(...snapshots.map((snapshot) => (snapshot.exists ? toRaw(snapshot) : null)));
  }
  return found;
}

/** How many documents a query matches: a count() aggregation, billed one read per 1,000 index entries. */
export async function countQuery(query: Query, guard: Guard = unguarded, what = 'catalog count'): Promise<number> {
  const counted = (await guard(query.count().get(), what)).data().count;
  countAggregation(counted);
  return counted;
}

/** One document read inside a transaction (counted as any other read). */
export async function readInTransaction(transaction: Transaction, ref: DocumentReference): Promise<DocumentSnapshot> {
  const snapshot = await transaction.get(ref);
  countReads(1);
  return snapshot;
}

/** Every document of a query, a page at a time by document path (a real cursor: no document is read twice). */
export async function* pagesOf(query: Query, pageSize = SCAN_PAGE): AsyncGenerator<RawDocument[]> {
  let last: DocumentSnapshot | undefined;
  for (;;) {
    const ordered = query.orderBy(FieldPath.documentId()).limit(pageSize);
    const page = await (last ? ordered.startAfter(last) : ordered).get();
    countReads(page.size);
    yield page.docs.map(toRaw);
    if (page.size < pageSize) return;
    last = page.docs.at(-1);
  }
}

/** Every catalog document's collection: each kind's titles, then every level beneath them (collection-group queries). */
export const catalogQueries = (db: Firestore): Query[] => [
  ...KIND_LIST.map((kind) => db.collection(kind)),
  ...LEVELS_BENEATH.map((level) => db.collectionGroup(level)),
];

/** What a listener heard: a document added, modified or removed. */
export interface DocumentChange {
  type: 'added' | 'modified' | 'removed';
  doc: RawDocument;
}

/** Listens to a query: its first snapshot, then what changes (each change counted as a read). Returns the unsubscribe. */
export function listenTo(query: Query, onChanges: (changes: DocumentChange[]) => void, onError: (error: Error) => void): () => void {
  return query.onSnapshot((snapshot) => {
    const changes = snapshot.docChanges();
    if (changes.length > 0) countReads(changes.length);
    onChanges(changes.map(({ type, doc }) => ({ type, doc: toRaw(doc) })));
  }, onError);
}

export type Write = { kind: 'update' | 'set'; path: string; data: DocumentData } | { kind: 'delete'; path: string };

/** Sets one document (merged into what it holds, with `merge`): the sync's own records. */
export async function setDocument(db: Firestore, path: string, data: DocumentData, merge = false): Promise<void> {
  await db.doc(path).set(data, { merge });
}

/** Commits writes in batches (each batch atomic, the whole not). */
export async function commitWrites(db: Firestore, writes: Write[]): Promise<void> {
  for (const chunk of chunks(writes)) {
    const batch = db.batch();
    for (const write of chunk) {
      if (write.kind === 'delete') batch.delete(db.doc(write.path));
      else if (write.kind === 'update') batch.update(db.doc(write.path), write.data);
      else batch.set(db.doc(write.path), write.data);
    }
    await batch.commit();
  }
}

/**
 * Sets each document whose stored data differs from the one given (a chunk at a time: read, then commit what
 * differs), leaving the rest alone. Returns the documents it wrote.
 */
export async function setChanged(db: Firestore, documents: RawDocument[]): Promise<RawDocument[]> {
  const written: RawDocument[] = [];
  for (const chunk of chunks(documents)) {
    const existing = await readDocuments(
      db,
      chunk.map((doc) => doc.path),
    );
    const changed = chunk.filter((doc, index) => !isDeepStrictEqual(existing[index]?.data, doc.data));
    await commitWrites(
      db,
      changed.map((doc) => ({ kind: 'set', path: doc.path, data: doc.data as DocumentData })),
    );
    written.push(...changed);
  }
  return written;
}

/** A StoreQuery as a Firestore query: a range filter on the ordered field stands in for a cursor. */
function firestoreQuery(db: Firestore, collectionPath: string, { orderBy, direction = 'asc', bound, arrayContains, limit }: StoreQuery): Query {
  let query: Query = db.collection(collectionPath);
  if (arrayContains) query = query.where(arrayContains.field, 'array-contains', arrayContains.value);
  if (bound) query = query.where(orderBy, bound.op, bound.value);
  return query.orderBy(orderBy, direction).limit(limit);
}

/**
 * Reads the catalog from Firestore through firebase-admin. A read that takes longer than `timeoutMs`
 * fails, so a regeneration during an outage fails fast and ISR keeps serving the last good page.
 */
export function createFirestoreStore(db: Firestore, timeoutMs: number): DocumentStore {
  const guard: Guard = (read, what) => whileReading(withDeadline(read, timeoutMs, what));
  return {
    query: (collectionPath, query) => readQuery(firestoreQuery(db, collectionPath, query), guard, `catalog query ${collectionPath}`),
    get: (documentPath) => readDocument(db, documentPath, guard),
    count: (collectionPath) => countQuery(db.collection(collectionPath), guard, `catalog count ${collectionPath}`),
  };
}
