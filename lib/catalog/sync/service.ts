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
import { tagsToExpire } from '../tags';
import { catalogUpkeep, VISITS_STEP_BUDGET_MS } from '../upkeep';
import { watchCatalog, type CatalogWatch } from './listeners';
import { syncChangedDocuments, type ChangesSynced } from './changes';

const upkeep = catalogUpkeep(env);
/** The route that runs a sync: Vercel's Cron Job calls it, and so does the server itself on `next start`. */
const SYNC_ROUTE = '/api/cron/catalog-sync';

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
  /** Cache tags the route expires. */
  tags: string[];
}

/** One a process (lib/process-state.ts): instrumentation starts the watch, the route runs the sync. */
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
      ({ indexed } = await syncChangedDocuments(db, watched.trees));
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
    tags: indexed.length + removed.length > 0 ? tagsToExpire([...indexed, ...removed]) : [],
  };
  // A watch's run that found only the sync's own writes is no news for the operator.
  if (report.mode === 'scan' || report.tags.length > 0)
    await setDocument(db, SYNC_RECORDS.status, { ...report, indexed: indexed.slice(0, 100), indexedCount: indexed.length });
  return report;
}

/**
 * Brings the operator's edits into the derived data: with a watch in this process, the trees it saw
 * change; otherwise (a cron on Vercel) one bounded step of the scan. Null when there is nothing to sync with (the embedded
 * catalog, or a watch still taking its first look). One sync at a time; a call during a sync gets the next
 * one, which takes the edits that came in meanwhile (shared by every call during that sync).
 */
export const runCatalogSync = (): Promise<SyncReport | null> => catchUp(shared.runs, sync);

/** Documents a Firestore trigger says an edit wrote (POST /api/catalog/changes): nothing to do without Firestore. */
export async function syncCatalogChanges(documentPaths: readonly string[]): Promise<ChangesSynced> {
  if (chooseBackend(env) !== 'firestore') return { indexed: [], tags: [] };
  return syncChangedDocuments(firestore(env), documentPaths);
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
    indexed.push(...(await syncChangedDocuments(db, edited)).indexed);
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
  console.log(`[catalog sync] visits: indexed ${indexed.length} titles, ${reads} reads`);
}

/**
 * Where no listener runs (Vercel), called after a page renders: indexes the titles the pages found edited, and
 * at most every `checkEverySeconds` takes the census that finds titles added, written by hand or deleted.
 * The reads it changed expire by their lifetime (a render cannot expire tags). Never fails the page.
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
 * On a long-running server (`next start`), watches the catalog and syncs what changed through the route
 * (cache tags can only be expired within a request): once the edits have been quiet for a moment, and
 * every CATALOG_SYNC_SECONDS whatever happens, so a change never waits longer than that.
 * Not on Vercel (the visits keep the catalog there: keepCatalogFresh), nor while building, nor with the sync turned off.
 */
export function startCatalogSync(): void {
  if (upkeep.mode !== 'watch' || isBuilding()) return;
  if (shared.watch) return;
  const origin = () => process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
  async function tick() {
    if (!shared.watch?.hasChanges()) return;
    try {
      const response = await fetch(`${origin()}${SYNC_ROUTE}`, {
        headers: { authorization: `Bearer ${shared.token}` },
        signal: AbortSignal.timeout(10 * 60_000),
      });
      if (!response.ok) throw new Error(`${response.status} ${(await response.text()).slice(0, 200)}`);
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
