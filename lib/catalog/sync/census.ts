import { isDeepStrictEqual } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { KIND_LIST, KINDS, type Kind } from '../kinds';
import { POPULAR_KEY } from '../popularity';
import { SEARCH_COLLECTION } from '../search-entries';
import { isEditedTitle } from '../tree-state';
import { countQuery as count, pagesOf, readInTransaction, setDocument } from '../firestore';
import { syncTrees } from './trees';

/**
 * How one kind's titles stand, from three count() aggregations (one read per 1,000 index entries, whatever
 * the documents hold): the titles, those listed (with a sort key: an ordered query leaves out the rest), and
 * the titles search knows. Titles added, written by hand or deleted change one of them.
 */
interface KindCensus {
  titles: number;
  listed: number;
  searchable: number;
}
export type CatalogCensus = Record<Kind, KindCensus>;

export async function takeCensus(db: Firestore): Promise<CatalogCensus> {
  const kinds = await Promise.all(
    KIND_LIST.map(async (kind) => {
      const [titles, listed, searchable] = await Promise.all([
        count(db.collection(kind)),
        count(db.collection(kind).orderBy(POPULAR_KEY)),
        count(db.collection(SEARCH_COLLECTION).where('kind', '==', KINDS[kind].searchKind)),
      ]);
      return [kind, { titles, listed, searchable }] as const;
    }),
  );
  return Object.fromEntries(kinds) as CatalogCensus;
}

/**
 * The kinds worth a closer look: some title unlisted (written by hand), or a count moved since the census
 * before (a title added or deleted). Without an earlier census, every kind.
 */
export function kindsToScan(census: CatalogCensus, before: CatalogCensus | null): Kind[] {
  return KIND_LIST.filter((kind) => census[kind].listed < census[kind].titles || !before || !isDeepStrictEqual(before[kind], census[kind]));
}

/**
 * The titles of a kind the site has not indexed as they are (written or edited by hand since), and those
 * deleted whose search entries remain: one read per title and per title entry of that kind, never a
 * season or an episode.
 */
async function changedTitlesOf(db: Firestore, kind: Kind): Promise<string[]> {
  const present = new Set<string>();
  const changed: string[] = [];
  for await (const page of pagesOf(db.collection(kind))) {
    for (const doc of page) {
      present.add(doc.path);
      if (isEditedTitle(doc.data)) changed.push(doc.path);
    }
  }
  const entries = db.collection(SEARCH_COLLECTION).where('kind', '==', KINDS[kind].searchKind).select('path');
  for await (const page of pagesOf(entries)) {
    for (const entry of page) {
      const path = (entry.data as { path?: unknown } | undefined)?.path;
      if (typeof path === 'string' && !present.has(path)) changed.push(path);
    }
  }
  return changed;
}

export interface ChangedTitles {
  indexed: string[];
  /** Trees found changed but not indexed before the deadline: the next check finds them again (see `indexChangedTitles`). */
  left: string[];
  census: CatalogCensus;
}

/**
 * Indexes what the census shows changed since `before`: the changed titles of each kind whose counts moved or
 * that holds unlisted titles (syncTrees), starting none after `deadline` (ms since the epoch).
 * Returns the trees it indexed, those it left, and the census as it stands after. A caller records that census
 * only when nothing was left: a census kept from before makes the next check look at those kinds again.
 */
export async function indexChangedTitles(db: Firestore, before: CatalogCensus | null, deadline = Infinity): Promise<ChangedTitles> {
  const census = await takeCensus(db);
  const trees = (await Promise.all(kindsToScan(census, before).map((kind) => changedTitlesOf(db, kind)))).flat();
  const { indexed, left } = await syncTrees(db, trees, deadline);
  return { indexed, left, census: indexed.length > 0 ? await takeCensus(db) : census };
}

/** Where the census is kept between checks, and when the last check ran (one check per interval across every instance). */
const CENSUS_PATH = 'catalogSync/census';

/** Claims this interval's check (a transaction: one instance of many wins), with the census the last check left; null when taken. */
export async function claimCheck(db: Firestore, everyMs: number): Promise<{ before: CatalogCensus | null } | null> {
  const ref = db.doc(CENSUS_PATH);
  return db.runTransaction(async (transaction) => {
    const last = (await readInTransaction(transaction, ref)).data() as { checkedAt?: number; census?: CatalogCensus | null } | undefined;
    if (last?.checkedAt && Date.now() - last.checkedAt < everyMs) return null;
    transaction.set(ref, { checkedAt: Date.now(), census: last?.census ?? null });
    return { before: last?.census ?? null };
  });
}

export async function recordCensus(db: Firestore, census: CatalogCensus): Promise<void> {
  await setDocument(db, CENSUS_PATH, { census }, true);
}
