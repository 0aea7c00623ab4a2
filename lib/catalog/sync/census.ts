import { isDeepStrictEqual } from 'node:util';
import type { Firestore } from 'firebase-admin/firestore';
import { KIND_LIST, KINDS, type Kind } from '../kinds';
import { POPULAR_KEY } from '../popularity';
import { SEARCH_COLLECTION } from '../search-entries';
import { isEditedTitle } from '../tree-state';
import { countQuery as count, readInTransaction, setDocument } from '../firestore-adapter';
import { SYNC_RECORDS } from './records';
import { indexPage, nextPlace, parsePlace, parseStretches, PASS_START, readPassPage, type PassPlace, type Stretch } from './passes';

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

/** A census pass under way: what it reads of the kinds whose counts moved, and where it stands (see passes.ts). */
export interface CensusPass {
  stretches: Stretch[];
  place: PassPlace;
}

/**
 * What a pass reads of the kinds that moved: the titles where some are unlisted (written by hand), the title entries
 * where search knows more titles than are listed (a title deleted); both without an earlier census.
 */
function stretchesToRead(census: CatalogCensus, before: CatalogCensus | null): Stretch[] {
  return kindsToScan(census, before).flatMap((kind) => {
    const { titles, listed, searchable } = census[kind];
    return [
      ...(before === null || listed < titles ? [{ kind, phase: 'titles' as const }] : []),
      ...(before === null || searchable > listed ? [{ kind, phase: 'entries' as const }] : []),
    ];
  });
}

export interface CensusStep {
  indexed: string[];
  /** Titles and title entries read in this step. */
  checked: number;
  /** The pass still under way, for the next check; null once it ended (or nothing had moved). */
  pass: CensusPass | null;
  /** The census to keep: the one from before while a pass is under way, a new one once it ended. */
  census: CatalogCensus | null;
}

/**
 * One bounded step of the check: with no pass under way, a census (a few count() reads); when it shows kinds that
 * moved, a pass begins over what may hold the change (stretchesToRead). It reads a page at a time (titles with their
 * fields, never a season or an episode), indexes the titles written or edited by hand since their last indexing and
 * those deleted, and starts no title after `deadline` but the first, so a kind of any size takes as many checks as its
 * pages need, its place kept with the census. Once the pass ends, a new census is taken to be kept.
 */
export async function censusStep(db: Firestore, before: CatalogCensus | null, pass: CensusPass | null, deadline = Infinity): Promise<CensusStep> {
  if (!pass) {
    const census = await takeCensus(db);
    const stretches = stretchesToRead(census, before);
    if (stretches.length === 0) return { indexed: [], checked: 0, pass: null, census };
    pass = { stretches, place: PASS_START };
  }
  const indexed: string[] = [];
  let checked = 0;
  let place: PassPlace | null = pass.place;
  do {
    const page = await readPassPage(db, pass.stretches[place.stretch]!, place.after, true);
    const done = await indexPage(db, [...page.titles.filter((title) => isEditedTitle(title.data)), ...page.deleted], deadline);
    indexed.push(...done.indexed);
    checked += page.ids.length;
    place = nextPlace(place, page.ids, pass.stretches.length, done.firstLeft);
  } while (place && Date.now() < deadline);
  if (place) return { indexed, checked, pass: { stretches: pass.stretches, place }, census: before };
  return { indexed, checked, pass: null, census: await takeCensus(db) };
}

/** Where the census and a pass under way are kept between checks, and when the last check ran (one check per interval across every instance). */

interface CheckState {
  census: CatalogCensus | null;
  pass: CensusPass | null;
}

function parsePass(data: unknown): CensusPass | null {
  const pass = data as { stretches?: unknown; place?: unknown } | null | undefined;
  const stretches = parseStretches(pass?.stretches);
  const place = stretches && parsePlace(pass?.place, stretches.length);
  return stretches && place ? { stretches, place } : null;
}

/** Claims this interval's check (a transaction: one instance of many wins), with the census and pass the last check left; null when taken. */
export async function claimCheck(db: Firestore, everyMs: number): Promise<CheckState | null> {
  const ref = db.doc(SYNC_RECORDS.census);
  return db.runTransaction(async (transaction) => {
    const last = (await readInTransaction(transaction, ref)).data() as { checkedAt?: number; census?: CatalogCensus | null; pass?: unknown } | undefined;
    if (last?.checkedAt && Date.now() - last.checkedAt < everyMs) return null;
    transaction.set(ref, { checkedAt: Date.now() }, { merge: true });
    return { census: last?.census ?? null, pass: parsePass(last?.pass) };
  });
}

/** Keeps what a step leaves for the next check. */
export async function recordCheck(db: Firestore, step: Pick<CensusStep, 'census' | 'pass'>): Promise<void> {
  await setDocument(db, SYNC_RECORDS.census, { census: step.census, pass: step.pass }, true);
}

/** One check of the catalog where no listener runs, if this interval's is still to take: claimed, stepped, kept. */
export async function checkCatalog(db: Firestore, everyMs: number, deadline: number): Promise<CensusStep | null> {
  const claimed = await claimCheck(db, everyMs);
  if (!claimed) return null;
  const step = await censusStep(db, claimed.census, claimed.pass, deadline);
  await recordCheck(db, step);
  return step;
}
