/**
 * Issue 31's and 43's figures for one catalog size in each way the site keeps its catalog current
 * (lib/catalog/upkeep.ts): `next start` (listeners), Vercel (visits) and Vercel with the Firestore trigger (events,
 * the emulator's own document events handed to our function), each on a stack of its own, with time run faster
 * (config UPKEEP): the reads of an idle hour, of an hour with a visitor a minute, and from a console write until
 * search finds it, with the seconds that took.
 */
import type { Firestore } from 'firebase-admin/firestore';
import { startCatalogTrigger } from '../../e2e/support/catalog-trigger';
import { handWrittenTrailer, writeAsOperator } from '../../e2e/support/hand-written-catalog';
import { SYNC_RECORDS } from '../../lib/catalog/sync/records';
import { pageOfDocument } from '../../lib/routes';
import { E2E_PROJECT_ID } from '../../e2e/support/ports';
import { CATALOG_EVENTS_SECRET, PORTS, UPKEEP, type StackSize } from './config';
import { settledReads } from './reads';
import { log, startStack, type Stack } from './stack';
import { benchFirestore, firstResult } from './sync';

export type UpkeepMode = 'start' | 'vercel' | 'events';
export const UPKEEP_MODES: readonly UpkeepMode[] = ['start', 'vercel', 'events'];

export interface UpkeepResult {
  size: StackSize;
  mode: UpkeepMode;
  /** The build this mode made (null: it ran on the last one): its seconds, and what its catalog sync said. */
  build: { seconds: number; sync: string | null } | null;
  /** Reads over UPKEEP.windowSeconds with no request at all. */
  idleReads: number;
  /** Reads over UPKEEP.windowSeconds with a visit every UPKEEP.visitEverySeconds (the pages' renders included). */
  visitorReads: number;
  visits: number;
  /** Visits answered by a render (`x-nextjs-cache` MISS or STALE, or a page rendered per request): ISR writes follow these. */
  visitorRenders: number;
  /**
   * A crawler's pass over the sitemap index and the sitemap files it names (each kind's first alone where
   * UPKEEP.sizes says so): the files fetched of those named, and reads the first time and right after.
   */
  crawler: { files: number; named: number; reads: number; readsAgain: number };
  /** Catalog checks the visits ran meanwhile (lib/catalog/sync/census.ts: count() aggregations each). */
  censusChecks: number;
  /** From the write until the title's own page showed the new name, and the reads meanwhile (null: never within the bench's patience). */
  pageShown: { seconds: number; reads: number } | null;
  /** Null when search had not found it when the bench gave up, or search is not measured at this size (UPKEEP.sizes). */
  writeToVisibleSeconds: number | null;
  /** How long the search that found it took to answer: on the emulator, a search of the large catalog takes seconds (it scans). */
  searchSeconds: number | null;
  /** Reads from the write until search found it, the visits of the title page each second included. */
  editReads: number | null;
  /**
   * A trailer added in the console in the seed's fields alone, with a visitor searching for it each second: seconds and
   * reads until search's first result is its page (null seconds: not within the bench's patience), and the longest step
   * the site's own sync recorded meanwhile (catalogSync/status), against the budget of a visits' step (20 s).
   */
  addition: { seconds: number | null; searches: number; reads: number; longestStepMs: number } | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const checkedAt = async (db: Firestore) => (await db.doc(SYNC_RECORDS.census).get()).get('checkedAt') as number | undefined;

/** Whether the answer was rendered for this request (a cache miss, a stale page regenerating, or a page never cached). */
async function visit(stack: Stack, path: string): Promise<{ rendered: boolean; body: string }> {
  const response = await fetch(`${stack.url}${path}`);
  const body = await response.text();
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return { rendered: response.headers.get('x-nextjs-cache') !== 'HIT', body };
}

/** What a crawler reads: /sitemap.xml, then every file it names; twice, the second time right after the first. */
async function crawlerPass(stack: Stack, size: StackSize): Promise<UpkeepResult['crawler']> {
  const pass = async () => {
    const index = (await visit(stack, '/sitemap.xml')).body;
    const named = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    const files = UPKEEP.sizes[size].everyFile ? named : named.filter((file) => /\/(pages|[a-zA-Z]+-0)\.xml$/.test(file));
    for (const file of files) await visit(stack, file);
    return { files: files.length + 1, named: named.length + 1 };
  };
  const before = await settledReads(stack);
  const fetched = await pass();
  const between = await settledReads(stack);
  await pass();
  return { ...fetched, reads: between - before, readsAgain: (await settledReads(stack)) - between };
}

/** A visit every UPKEEP.visitEverySeconds round the size's pages, on a fixed schedule (a slow answer does not push the next one back). */
async function visitorWindow(
  stack: Stack,
  db: Firestore,
  size: StackSize,
): Promise<Pick<UpkeepResult, 'visitorReads' | 'visits' | 'visitorRenders' | 'censusChecks'>> {
  const { pages } = UPKEEP.sizes[size];
  const visits = UPKEEP.windowSeconds / UPKEEP.visitEverySeconds;
  const checks = new Set<number>();
  let visitorRenders = 0;
  const before = await settledReads(stack);
  const started = Date.now();
  for (let i = 0; i < visits; i += 1) {
    await sleep(started + i * UPKEEP.visitEverySeconds * 1000 - Date.now());
    if ((await visit(stack, pages[i % pages.length]!)).rendered) visitorRenders += 1;
    const at = await checkedAt(db);
    if (at !== undefined && at >= started) checks.add(at);
  }
  await sleep(started + UPKEEP.windowSeconds * 1000 - Date.now());
  // Renders the last visits started in the background (a stale page's) belong to the window.
  const visitorReads = (await settledReads(stack)) - before;
  const last = await checkedAt(db);
  if (last !== undefined && last >= started) checks.add(last);
  return { visitorReads, visits, visitorRenders, censusChecks: checks.size };
}

async function idleWindow(stack: Stack): Promise<number> {
  const before = await settledReads(stack);
  await sleep(UPKEEP.windowSeconds * 1000);
  return (await stack.reads()).reads - before;
}

/**
 * A title renamed in Firestore, a visitor on its page each second, until search's first result for the new title is
 * that page (or, where search is not measured, until the page shows it).
 */
async function writeToVisible(
  stack: Stack,
  db: Firestore,
  size: StackSize,
): Promise<Pick<UpkeepResult, 'pageShown' | 'writeToVisibleSeconds' | 'searchSeconds' | 'editReads'>> {
  const { renamed: path, page, search } = UPKEEP.sizes[size];
  const original = (await db.doc(path).get()).get('title') as string;
  const renamed = `Upkeep Renamed ${Date.now()}`;
  const readsBefore = await settledReads(stack);
  const written = Date.now();
  await db.doc(path).update({ title: renamed });
  let pageShown: UpkeepResult['pageShown'] = null;
  try {
    for (;;) {
      const { body } = await visit(stack, page);
      if (!pageShown && body.includes(renamed)) pageShown = { seconds: (Date.now() - written) / 1000, reads: (await settledReads(stack)) - readsBefore };
      const searched = Date.now();
      if (!search && pageShown) return { pageShown, writeToVisibleSeconds: null, searchSeconds: null, editReads: null };
      if (search && (await firstResult(stack, renamed)) === page) {
        const seconds = { writeToVisibleSeconds: (Date.now() - written) / 1000, searchSeconds: (Date.now() - searched) / 1000 };
        return { pageShown, ...seconds, editReads: (await settledReads(stack)) - readsBefore };
      }
      if (Date.now() - written > UPKEEP.giveUpSeconds * 1000) return { pageShown, writeToVisibleSeconds: null, searchSeconds: null, editReads: null };
      await sleep(written + (Math.floor((Date.now() - written) / 1000) + 1) * 1000 - Date.now());
    }
  } finally {
    await db.doc(path).update({ title: original });
  }
}

/** See UpkeepResult.addition; the trailer is deleted again afterwards. */
async function additionFound(stack: Stack, db: Firestore): Promise<UpkeepResult['addition']> {
  const title = `Upkeep Added ${Date.now()}`;
  const trailer = handWrittenTrailer(`upkeep-added-${Date.now()}`, title);
  const page = pageOfDocument(trailer.path);
  const readsBefore = await settledReads(stack);
  const written = Date.now();
  await writeAsOperator(db, [trailer]);
  let searches = 0;
  let longestStepMs = 0;
  try {
    for (;;) {
      searches += 1;
      const found = (await firstResult(stack, title)) === page;
      const status = (await db.doc(SYNC_RECORDS.status).get()).data() as { at?: string; durationMs?: number } | undefined;
      if (status?.at && Date.parse(status.at) >= written) longestStepMs = Math.max(longestStepMs, status.durationMs ?? 0);
      if (found) return { seconds: (Date.now() - written) / 1000, searches, reads: (await settledReads(stack)) - readsBefore, longestStepMs };
      if (Date.now() - written > UPKEEP.giveUpSeconds * 1000)
        return { seconds: null, searches, reads: (await settledReads(stack)) - readsBefore, longestStepMs };
      await sleep(1000);
    }
  } finally {
    await db.doc(trailer.path).delete();
  }
}

/**
 * `track` is told of each stack while it runs, so an interrupted bench stops it. `build`: whether each mode builds
 * anew (events runs on the Vercel build: the trigger's secret is read when the server starts).
 */
export async function measureUpkeep(
  size: StackSize,
  build: Record<UpkeepMode, boolean>,
  track: (stack: Stack | undefined) => void,
  modes: readonly UpkeepMode[] = UPKEEP_MODES,
): Promise<UpkeepResult[]> {
  const results: UpkeepResult[] = [];
  for (const mode of modes) {
    const events = mode === 'events';
    const stack = await startStack(size, build[mode], {
      vercel: mode !== 'start',
      functionsEmulator: events,
      env: { CATALOG_SYNC_SECONDS: String(UPKEEP.syncSeconds), ...(events ? { CATALOG_EVENTS_SECRET } : {}) },
    });
    track(stack);
    const trigger = events
      ? await startCatalogTrigger({
          emulator: `127.0.0.1:${PORTS.firestore}`,
          projectId: E2E_PROJECT_ID,
          port: PORTS.catalogTrigger,
          site: stack.url,
          secret: CATALOG_EVENTS_SECRET,
        })
      : undefined;
    try {
      const db = benchFirestore(stack, `bench-upkeep-${size}-${mode}`);
      // The listeners' first look at the catalog (`next start`) is a server start's, not the hour's.
      await settledReads(stack);
      log(`upkeep ${size} ${mode}: a visitor every ${UPKEEP.visitEverySeconds} s for ${UPKEEP.windowSeconds} s`);
      const visitor = await visitorWindow(stack, db, size);
      log(`upkeep ${size} ${mode}: idle for ${UPKEEP.windowSeconds} s`);
      const idleReads = await idleWindow(stack);
      log(`upkeep ${size} ${mode}: a crawler's pass over the sitemaps`);
      const crawler = await crawlerPass(stack, size);
      log(`upkeep ${size} ${mode}: renaming a title and waiting for search to find it`);
      const visible = await writeToVisible(stack, db, size);
      if (UPKEEP.sizes[size].search) log(`upkeep ${size} ${mode}: adding a trailer by hand and searching for it each second`);
      const addition = UPKEEP.sizes[size].search ? await additionFound(stack, db) : null;
      const ended = stack.ended();
      if (ended) throw new Error(`the ${mode} site stopped while it was measured (${ended})`);
      const built = stack.buildSeconds === null ? null : { seconds: stack.buildSeconds, sync: stack.buildSync };
      results.push({ size, mode, build: built, idleReads, crawler, ...visitor, ...visible, addition });
    } finally {
      await trigger?.stop();
      await stack.stop();
      track(undefined);
    }
  }
  return results;
}
