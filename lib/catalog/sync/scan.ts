import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { readDocument, readDocuments, readQuery, setDocument } from '../firestore';
import { KIND_LIST, KINDS } from '../kinds';
import { SEARCH_COLLECTION } from '../search-entries';
import { syncChangedDocuments } from './changes';

/** Where the scan keeps its place between calls, so each call goes on where the last one stopped. */
const SCAN_CURSOR_PATH = 'catalogSync/scan';
/** Titles (or title entries) read at a time: each page is indexed, then the cursor is saved. */
const PAGE = 100;

/**
 * A place in the scan: a kind (its index in KIND_LIST), then its titles (each title's tree is indexed: an edit
 * beneath it is found too), then its title search entries (an entry whose title is gone is removed), after `after`.
 */
interface ScanCursor {
  kind: number;
  phase: 'titles' | 'entries';
  after: string | null;
  /** Whole passes over the catalog so far. */
  passes: number;
}

const START: ScanCursor = { kind: 0, phase: 'titles', after: null, passes: 0 };

function parseCursor(data: unknown): ScanCursor {
  const cursor = data as Partial<ScanCursor> | undefined;
  const valid =
    typeof cursor?.kind === 'number' &&
    cursor.kind >= 0 &&
    cursor.kind < KIND_LIST.length &&
    (cursor.phase === 'titles' || cursor.phase === 'entries') &&
    (cursor.after === null || typeof cursor.after === 'string') &&
    typeof cursor.passes === 'number';
  return valid ? (cursor as ScanCursor) : START;
}

/** One page from the cursor: the trees to index, and the last id read. */
async function readPage(db: Firestore, { kind, phase, after }: ScanCursor): Promise<{ trees: string[]; ids: string[] }> {
  const collection = KIND_LIST[kind]!;
  const base =
    phase === 'titles' ? db.collection(collection).select() : db.collection(SEARCH_COLLECTION).where('kind', '==', KINDS[collection].searchKind).select('path');
  const ordered = base.orderBy(FieldPath.documentId()).limit(PAGE);
  const page = await readQuery(after === null ? ordered : ordered.startAfter(after), undefined, `catalog scan of ${collection}`);
  const ids = page.map((doc) => doc.id);
  if (phase === 'titles') return { trees: page.map((doc) => doc.path), ids };
  const titles = page.map((entry) => (entry.data as { path?: unknown } | undefined)?.path).filter((path): path is string => typeof path === 'string');
  const found = await readDocuments(db, titles);
  return { trees: titles.filter((_, index) => found[index] === null), ids };
}

function advance(cursor: ScanCursor, ids: string[]): ScanCursor {
  if (ids.length === PAGE) return { ...cursor, after: ids.at(-1)! };
  if (cursor.phase === 'titles') return { ...cursor, phase: 'entries', after: null };
  if (cursor.kind + 1 < KIND_LIST.length) return { ...cursor, kind: cursor.kind + 1, phase: 'titles', after: null };
  return { ...START, passes: cursor.passes + 1 };
}

export interface ScanStep {
  indexed: string[];
  /** Titles and entries looked at in this step. */
  checked: number;
  /** Where the next step starts. */
  cursor: ScanCursor;
}

/**
 * One bounded step of the scan a cron runs where no trigger and no listener does: pages of titles and their entries
 * from where the last step stopped, each indexed through the one handler, starting no page after `deadline` but the first, and
 * ending early when a whole pass is done. Never the whole catalog in one call: a pass over N titles takes about
 * N / (titles a step indexes) calls, its progress kept in Firestore.
 */
export async function scanStep(db: Firestore, deadline: number): Promise<ScanStep> {
  let cursor = parseCursor((await readDocument(db, SCAN_CURSOR_PATH))?.data);
  const passes = cursor.passes;
  const indexed: string[] = [];
  let checked = 0;
  // At least one page a call, however little time is left: every call moves the scan on.
  do {
    const { trees, ids } = await readPage(db, cursor);
    indexed.push(...(await syncChangedDocuments(db, trees)).indexed);
    checked += ids.length;
    cursor = advance(cursor, ids);
    await setDocument(db, SCAN_CURSOR_PATH, { ...cursor });
  } while (Date.now() < deadline && cursor.passes === passes);
  return { indexed, checked, cursor };
}
