import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { readDocuments, readQuery } from '../firestore-adapter';
import { isKind, KINDS, type Kind } from '../kinds';
import { SEARCH_COLLECTION } from '../search-entries';
import type { RawDocument } from '../store';
import { syncTrees } from './trees';

/**
 * A pass over the catalog in bounded steps, its place kept between calls (the cron's scan, the visits' census): a
 * list of stretches, each a kind's titles or its title search entries (an entry whose title is gone names a deleted
 * title), read a page at a time in document id order.
 */
export interface Stretch {
  kind: Kind;
  phase: 'titles' | 'entries';
}

/** Where a pass stands: the stretch being read (its index), after the document id `after`. */
export interface PassPlace {
  stretch: number;
  after: string | null;
}

export const PASS_START: PassPlace = { stretch: 0, after: null };
/** Titles (or title entries) read at a time: each page is indexed before the place is saved. */
const PASS_PAGE = 100;

/** Each kind's titles, then its entries: a whole pass. */
export const everyStretch = (kinds: readonly Kind[]): Stretch[] =>
  kinds.flatMap((kind) => [
    { kind, phase: 'titles' as const },
    { kind, phase: 'entries' as const },
  ]);

/** A place read back from Firestore, or null when it is not one of ours for a pass of `stretchCount` stretches. */
export function parsePlace(data: unknown, stretchCount: number): PassPlace | null {
  const place = data as Partial<PassPlace> | undefined;
  const valid =
    typeof place?.stretch === 'number' &&
    Number.isInteger(place.stretch) &&
    place.stretch >= 0 &&
    place.stretch < stretchCount &&
    (place.after === null || typeof place.after === 'string');
  return valid ? { stretch: place.stretch!, after: place.after! } : null;
}

/** Stretches read back from Firestore: null unless every one names a kind of the catalog and a phase. */
export function parseStretches(data: unknown): Stretch[] | null {
  const valid =
    Array.isArray(data) &&
    data.length > 0 &&
    data.every((item: Partial<Stretch> | null) => typeof item?.kind === 'string' && isKind(item.kind) && (item.phase === 'titles' || item.phase === 'entries'));
  return valid ? (data as Stretch[]).map(({ kind, phase }) => ({ kind, phase })) : null;
}

export interface PassPage {
  /** The titles read (`titles` phase), with their fields when asked for. */
  titles: RawDocument[];
  /** Titles whose search entry remains though the title is gone (`entries` phase): the entry's id, the title's path. */
  deleted: { id: string; path: string }[];
  /** Ids read, in order: where the next page starts. */
  ids: string[];
}

/** One page of a stretch after `after`: `withFields` reads the titles' fields too (one read a title either way). */
export async function readPassPage(db: Firestore, { kind, phase }: Stretch, after: string | null, withFields: boolean): Promise<PassPage> {
  const titles = withFields ? db.collection(kind) : db.collection(kind).select();
  const base = phase === 'titles' ? titles : db.collection(SEARCH_COLLECTION).where('kind', '==', KINDS[kind].searchKind).select('path');
  const ordered = base.orderBy(FieldPath.documentId()).limit(PASS_PAGE);
  const page = await readQuery(after === null ? ordered : ordered.startAfter(after), undefined, `catalog pass over ${kind}`);
  const ids = page.map((doc) => doc.id);
  if (phase === 'titles') return { titles: page, deleted: [], ids };
  const entries = page.flatMap((entry) => {
    const path = (entry.data as { path?: unknown } | undefined)?.path;
    return typeof path === 'string' ? [{ id: entry.id, path }] : [];
  });
  const found = await readDocuments(
    db,
    entries.map((entry) => entry.path),
  );
  return { titles: [], deleted: entries.filter((_, index) => found[index] === null), ids };
}

/**
 * Indexes what a page found (its trees, in the page's order) through syncTrees, starting none after `deadline` but the
 * first, so a page of large trees cannot hold a step past its budget. Returns the trees indexed and the id of the
 * first item left for the next step (undefined when none was).
 */
export async function indexPage(
  db: Firestore,
  found: readonly { id: string; path: string }[],
  deadline: number,
): Promise<{ indexed: string[]; firstLeft?: string }> {
  const { indexed, left } = await syncTrees(
    db,
    found.map((item) => item.path),
    deadline,
  );
  return { indexed, firstLeft: left.length > 0 ? found[found.length - left.length]!.id : undefined };
}

/**
 * Where the pass goes after a page that read `ids`: just before `firstLeft` when the page's items from there on were
 * left for lack of time; past the page otherwise; null once its last stretch is read.
 */
export function nextPlace(place: PassPlace, ids: readonly string[], stretchCount: number, firstLeft?: string): PassPlace | null {
  if (firstLeft !== undefined) {
    const index = ids.indexOf(firstLeft);
    return { ...place, after: index > 0 ? ids[index - 1]! : place.after };
  }
  if (ids.length === PASS_PAGE) return { ...place, after: ids.at(-1)! };
  return place.stretch + 1 < stretchCount ? { stretch: place.stretch + 1, after: null } : null;
}
