import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Firestore } from 'firebase-admin/firestore';
import { env } from '../../env/server';
import { isBuilding } from '../../env/phase';
import { chooseBackend, firestore } from '../../firebase-admin-app';
import { readsSoFar } from '../../firestore-reads';
import { processState } from '../../process-state';
import { bearerMatches } from '../../http/bearer';
import { catchUp, type CatchUpState } from '../../catch-up';
import { setDocument } from '../firestore-adapter';
import { checkCatalog } from './census';
import { SYNC_RECORDS } from './records';
import { sweepEntries } from './trees';
import { scanStep } from './scan';
import { expireCatalogReads } from '../tags';
import { catalogUpkeep, VISITS_STEP_BUDGET_MS } from '../upkeep';
import { watchCatalog, type CatalogWatch } from './listeners';
import { syncChangedDocuments } from './changes';

const upkeep = catalogUpkeep(env);

export interface SyncReport {
  at: string;
  /**
   * `watch`: the trees the server's listeners saw change; `scan`: one bounded step of the cron's scan (scan.ts); `visits`: the
   * titles pages found edited, and those a census of counts showed added, written by hand or deleted.
   */
  mode: 'watch' | 'scan' | 'visits';
  /** Trees indexed anew (their pages, lists and search are refreshed). */
  indexed: string[];
  /** Search entries of documents that no longer exist. */
  removedEntries: number;
  /** Firestore reads this process made meanwhile (the sync's, and any page's rendered at the same time). */
  reads: number;
  durationMs: number;
  /** Cache tags expired (expireCatalogReads). */
  tags: string[];
}

/** One a process (lib/process-state.ts): instrumentation starts the watch, the cron route runs the sync. */
type SyncProcess = {
  token: string;
  watch?: CatalogWatch;
  runs: CatchUpState<SyncReport | null>;
  /** Titles the pages found edited since their last indexing, for the next visit's upkeep. */
  edited: Set<string>;
  nextCheckAt: number;
  upkeep?: Promise<void>;
};
const shared = processState<SyncProcess>('catalog sync', () => ({
  token: randomBytes(32).toString('base64url'),
  runs: {},
  edited: new Set(),
  nextCheckAt: 0,
}));

/** This server's own schedule: a token that never leaves the process. */
export const isOwnSchedule = (request: Request) => bearerMatches(request, shared.token);

/** Vercel's Cron Job (Bearer CRON_SECRET) or this server's own schedule. */
export const mayRunSync = (request: Request) => isOwnSchedule(request) || (env.CRON_SECRET !== undefined && bearerMatches(request, env.CRON_SECRET));

/** One scan step's time, within the cron route's `maxDuration` (60 s) with room to report. */
const SCAN_STEP_BUDGET_MS = 40_000;

async function sync(): Promise<SyncReport | null> {
  if (chooseBackend(env) !== 'firestore') return null;
  const db = firestore(env);
  const started = Date.now();
  const readsBefore = readsSoFar();
  const watched = shared.watch?.take();
  if (shared.watch && !watched) return null;
  let indexed: string[] = [];
  let removed: string[] = [];
  if (watched) {
    try {
      // The trees the listeners saw change go through the one handler the trigger's events take.
      indexed = await syncChangedDocuments(db, watched.trees);
      if (watched.firstLook) removed = await sweepEntries(db, watched.documents);
    } catch (error) {
      shared.watch?.giveBack(watched);
      throw error;
    }
  } else {
    // No listener (a cron on Vercel): one bounded step of the scan, which goes on where the last call stopped.
    const step = await scanStep(db, started + SCAN_STEP_BUDGET_MS);
    indexed = step.indexed;
    console.log(`[catalog sync] scan: ${step.checked} titles and entries checked, ${indexed.length} indexed; next: ${JSON.stringify(step.cursor)}`);
  }
  const report: SyncReport = {
    at: new Date().toISOString(),
    mode: watched ? 'watch' : 'scan',
    indexed,
    removedEntries: removed.length,
    reads: readsSoFar() - readsBefore,
    durationMs: Date.now() - started,
    tags: expireCatalogReads([...indexed, ...removed]),
  };
  // A watch's run that found only the sync's own writes is no news for the operator.
  if (report.mode === 'scan' || report.tags.length > 0)
    await setDocument(db, SYNC_RECORDS.status, { ...report, indexed: indexed.slice(0, 100), indexedCount: indexed.length });
  return report;
}

/**
 * Brings the operator's edits into the derived data and expires the reads that show them: with a watch in this process,
 * the trees it saw change; otherwise (a cron on Vercel) one bounded step of the scan. Within a request (the cron route).
 * Null when there is nothing to sync with (the embedded
 * catalog, or a watch still taking its first look). One sync at a time; a call during a sync gets the next
 * one, which takes the edits that came in meanwhile (shared by every call during that sync).
 */
export const runCatalogSync = (): Promise<SyncReport | null> => catchUp(shared.runs, sync);

/**
 * Documents a Firestore trigger says an edit wrote (POST /api/catalog/changes): their trees indexed and the reads that
 * show them expired; nothing to do without Firestore.
 */
export async function syncCatalogChanges(documentPaths: readonly string[]): Promise<{ indexed: string[]; tags: string[] }> {
  const indexed = chooseBackend(env) === 'firestore' ? await syncChangedDocuments(firestore(env), documentPaths) : [];
  return { indexed, tags: expireCatalogReads(indexed) };
}

/** A page read a title whose document changed since it was indexed: the next visit's upkeep indexes it (on Vercel). */
export function noteEditedTitle(tree: string): void {
  if (upkeep.mode === 'visits' && !isBuilding()) shared.edited.add(tree);
}

async function upkeepOnce(db: Firestore): Promise<void> {
  const started = Date.now();
  const readsBefore = readsSoFar();
  const edited = [...shared.edited];
  shared.edited.clear();
  const indexed: string[] = [];
  try {
    indexed.push(...(await syncChangedDocuments(db, edited)));
  } catch (error) {
    for (const tree of edited) shared.edited.add(tree);
    throw error;
  }
  if (Date.now() >= shared.nextCheckAt) {
    shared.nextCheckAt = Date.now() + upkeep.checkEverySeconds * 1000;
    const checked = await checkCatalog(db, upkeep.checkEverySeconds * 1000, started + VISITS_STEP_BUDGET_MS);
    if (checked?.pass)
      console.log(
        `[catalog sync] visits: ${checked.checked} titles and entries checked; the pass goes on at the next check from ${JSON.stringify(checked.pass)}`,
      );
    indexed.push(...(checked?.indexed ?? []).filter((tree) => !indexed.includes(tree)));
  }
  if (indexed.length === 0) return;
  const reads = readsSoFar() - readsBefore;
  const report: SyncReport = { at: new Date().toISOString(), mode: 'visits', indexed, removedEntries: 0, reads, durationMs: Date.now() - started, tags: [] };
  await setDocument(db, SYNC_RECORDS.status, { ...report, indexed: indexed.slice(0, 100), indexedCount: indexed.length });
  const named = indexed.length > 20 ? `${indexed.slice(0, 20).join(', ')} and ${indexed.length - 20} more` : indexed.join(', ');
  console.log(`[catalog sync] visits: indexed ${indexed.length} titles (${named}), ${reads} reads`);
}

/**
 * Where no listener runs (Vercel), called after a page renders (`after()`): indexes the titles the pages found edited,
 * and at most every `checkEverySeconds` takes the census that finds titles added, written by hand or deleted.
 * The reads it changed expire by their lifetime: a page's `after()` runs within its ISR render, where Next 16.4.6
 * refuses `revalidateTag` (DynamicServerError, though the phase is 'after'). Never fails the page.
 */
export async function keepCatalogFresh(): Promise<void> {
  if (upkeep.mode !== 'visits' || isBuilding()) return;
  if (shared.edited.size === 0 && Date.now() < shared.nextCheckAt) return;
  shared.upkeep ??= upkeepOnce(firestore(env))
    .catch((error: unknown) =>
      console.warn(`[catalog sync] visits: could not index edits (${error instanceof Error ? error.message : error}); the next visit tries again`),
    )
    .finally(() => (shared.upkeep = undefined));
  await shared.upkeep;
}

/** How long after a failed call the server tries again. */
const RETRY_MS = 5_000;
/** An operator's edits come in bursts (a title, then its seasons and episodes): the sync waits for a quiet moment. */
const QUIET_MS = 2_000;

/**
 * On a long-running server (`next start`), watches the catalog and hands `syncThroughRoute` this process's own bearer
 * once the edits have been quiet for a moment, and every CATALOG_SYNC_SECONDS whatever happens, so a change never waits
 * longer than that; a failed call is tried again. The caller, the app's edge (instrumentation.ts), runs the sync
 * through the cron route: tags can only be expired within a request. Not where the Firestore trigger or the visits
 * keep the catalog (lib/catalog/upkeep.ts), nor while building, nor with the sync turned off.
 */
export function watchCatalogEdits(syncThroughRoute: (authorization: string) => Promise<void>): void {
  if (upkeep.mode !== 'watch' || isBuilding()) return;
  if (shared.watch) return;
  async function tick() {
    if (!shared.watch?.hasChanges()) return;
    try {
      await syncThroughRoute(`Bearer ${shared.token}`);
    } catch (error) {
      console.warn(`[catalog sync] could not sync (${error instanceof Error ? error.message : error}); trying again in ${RETRY_MS / 1000} s`);
      setTimeout(tick, RETRY_MS).unref();
    }
  }
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    clearTimeout(quiet);
    quiet = setTimeout(tick, Math.min(QUIET_MS, env.CATALOG_SYNC_SECONDS * 1000));
    quiet.unref();
  };
  shared.watch = watchCatalog(firestore(env), console, soon);
  setInterval(() => void tick(), env.CATALOG_SYNC_SECONDS * 1000).unref();
}
