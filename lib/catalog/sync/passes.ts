import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { readDocuments, readQuery } from '../firestore';
import { isKind, KINDS, type Kind } from '../kinds';
import { SEARCH_COLLECTION } from '../search-entries';
import type { RawDocument } from '../store';

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
  /** Titles whose search entry remains though the title is gone (`entries` phase). */
  deleted: string[];
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
  const paths = page.map((entry) => (entry.data as { path?: unknown } | undefined)?.path).filter((path): path is string => typeof path === 'string');
  const found = await readDocuments(db, paths);
  return { titles: [], deleted: paths.filter((_, index) => found[index] === null), ids };
}

/** Where the pass goes after a page that read `ids`; null once its last stretch is read. */
export function nextPlace(place: PassPlace, ids: readonly string[], stretchCount: number): PassPlace | null {
  if (ids.length === PASS_PAGE) return { ...place, after: ids.at(-1)! };
  return place.stretch + 1 < stretchCount ? { stretch: place.stretch + 1, after: null } : null;
}
