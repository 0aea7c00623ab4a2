import { FieldPath, type Firestore } from 'firebase-admin/firestore';
import { readDocuments, readQuery } from '../firestore';
import { isKind, KINDS, type Kind } from '../kinds';
import { SEARCH_COLLECTION } from '../search-entries';
import type { RawDocument } from '../store';

/**
 * A pass over some kinds' titles in bounded steps, its place kept between calls (the cron's scan, the visits'
 * census): each kind's titles a page at a time, then its title search entries (an entry whose title is gone names
 * a deleted title), after the document id `after`.
 */
export interface PassPlace {
  /** The kind being read: its index in the pass's kinds. */
  kind: number;
  phase: 'titles' | 'entries';
  after: string | null;
}

export const PASS_START: PassPlace = { kind: 0, phase: 'titles', after: null };
/** Titles (or title entries) read at a time: each page is indexed before the place is saved. */
const PASS_PAGE = 100;

/** A place read back from Firestore, or null when it is not one of ours for a pass over `kindCount` kinds. */
export function parsePlace(data: unknown, kindCount: number): PassPlace | null {
  const place = data as Partial<PassPlace> | undefined;
  const valid =
    typeof place?.kind === 'number' &&
    Number.isInteger(place.kind) &&
    place.kind >= 0 &&
    place.kind < kindCount &&
    (place.phase === 'titles' || place.phase === 'entries') &&
    (place.after === null || typeof place.after === 'string');
  return valid ? { kind: place.kind!, phase: place.phase!, after: place.after! } : null;
}

/** Kinds read back from Firestore: null unless every one is a kind of the catalog. */
export function parseKinds(data: unknown): Kind[] | null {
  return Array.isArray(data) && data.length > 0 && data.every((kind) => typeof kind === 'string' && isKind(kind)) ? (data as Kind[]) : null;
}

export interface PassPage {
  /** The titles read (`titles` phase), with their fields when asked for. */
  titles: RawDocument[];
  /** Titles whose search entry remains though the title is gone (`entries` phase). */
  deleted: string[];
  /** Ids read, in order: where the next page starts. */
  ids: string[];
}

/** One page of the pass at `place`: `withFields` reads the titles' fields too (one read a title either way). */
export async function readPassPage(db: Firestore, kinds: readonly Kind[], place: PassPlace, withFields: boolean): Promise<PassPage> {
  const kind = kinds[place.kind]!;
  const titles = withFields ? db.collection(kind) : db.collection(kind).select();
  const base = place.phase === 'titles' ? titles : db.collection(SEARCH_COLLECTION).where('kind', '==', KINDS[kind].searchKind).select('path');
  const ordered = base.orderBy(FieldPath.documentId()).limit(PASS_PAGE);
  const page = await readQuery(place.after === null ? ordered : ordered.startAfter(place.after), undefined, `catalog pass over ${kind}`);
  const ids = page.map((doc) => doc.id);
  if (place.phase === 'titles') return { titles: page, deleted: [], ids };
  const paths = page.map((entry) => (entry.data as { path?: unknown } | undefined)?.path).filter((path): path is string => typeof path === 'string');
  const found = await readDocuments(db, paths);
  return { titles: [], deleted: paths.filter((_, index) => found[index] === null), ids };
}

/** Where the pass goes after a page that read `ids`; null once its last kind's entries are read. */
export function nextPlace(place: PassPlace, ids: readonly string[], kindCount: number): PassPlace | null {
  if (ids.length === PASS_PAGE) return { ...place, after: ids.at(-1)! };
  if (place.phase === 'titles') return { ...place, phase: 'entries', after: null };
  return place.kind + 1 < kindCount ? { kind: place.kind + 1, phase: 'titles', after: null } : null;
}
