/**
 * Issue 43's figures for what one edit costs at each catalog size, measured on Google's emulator with the site's own
 * sync code (no server: the reads are this process's, counted as the site counts them): the trigger's path (an event
 * naming the documents), the visits' checks (census, then a pass a page at a time), the cron's scan, and the
 * build's sync under its time budget. `large` is the generated catalog written as by hand (the seed's fields only);
 * `100k` is 100,000 titles written already indexed, as a catalog stands after its sync.
 */
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { generateCatalog, HUNDRED_K_CATALOG, LARGE_CATALOG } from '../../e2e/support/generated-catalog';
import { startFirestoreEmulator } from '../../e2e/support/firestore-emulator';
import { handWrittenCatalog, handWrittenTrailer, writeAsOperator } from '../../e2e/support/hand-written-catalog';
import { readsSoFar } from '../../lib/firestore-reads';
import { writeCatalog } from '../../lib/catalog/seed-writer';
import { censusStep, checkCatalog, recordCheck, takeCensus } from '../../lib/catalog/sync/census';
import { syncChangedDocuments } from '../../lib/catalog/sync/changes';
import { scanStep } from '../../lib/catalog/sync/scan';
import { PORTS } from './config';
import { log } from './stack';

export type FallbackSize = 'large' | '100k';
export const FALLBACK_SIZES: readonly FallbackSize[] = ['large', '100k'];

/** The build's budget (`npm run catalog:sync -- --seconds`), a visit's check's and a cron scan step's, as the site has them. */
const BUDGET = { buildSeconds: 300, checkMs: 20_000, scanMs: 40_000 };

interface Measured {
  reads: number;
  ms: number;
}

export interface FallbackResult {
  size: FallbackSize;
  titles: number;
  documents: number;
  /** The build's sync (a census pass over every kind) within its budget: whether it ended, and what it indexed. */
  build: Measured & { indexed: number; ended: boolean };
  /** The trigger's path: a title renamed, and a title added, each handed to the handler by its path. */
  eventRename: Measured;
  eventAddition: Measured;
  /** A visit's check when nothing changed: the census's count() reads. */
  idleCheck: Measured;
  /** A title added by hand, found by the visits' checks: how many checks, their reads in all, the longest one. */
  additionByChecks: { checks: number; reads: number; longestMs: number; found: boolean };
  /** One cron step of the scan (each title's tree read): titles it checked, and the steps a whole pass needs. */
  scanStep: Measured & { checked: number; stepsPerPass: number };
}

async function measure<T>(work: () => Promise<T>): Promise<Measured & { value: T }> {
  const reads = readsSoFar();
  const started = Date.now();
  const value = await work();
  return { reads: readsSoFar() - reads, ms: Date.now() - started, value };
}

async function fill(db: Firestore, size: FallbackSize): Promise<number> {
  if (size === 'large') {
    const documents = handWrittenCatalog(LARGE_CATALOG);
    await writeAsOperator(db, documents);
    return documents.length;
  }
  const documents = generateCatalog(HUNDRED_K_CATALOG);
  await writeCatalog(db, documents);
  return documents.length;
}

export async function measureFallback(size: FallbackSize): Promise<FallbackResult> {
  const emulator = await startFirestoreEmulator({ port: PORTS.firestore });
  try {
    Object.assign(process.env, { FIRESTORE_EMULATOR_HOST: emulator.host, METADATA_SERVER_DETECTION: 'none' });
    const db = getFirestore(initializeApp({ projectId: `demo-bench-fallback-${size}` }, `bench-fallback-${size}`));
    log(`fallback ${size}: writing the catalog`);
    const documents = await fill(db, size);
    const titles = (await Promise.all(['series', 'shortFilms', 'trailers', 'documentaries'].map((kind) => db.collection(kind).count().get()))).reduce(
      (sum, snapshot) => sum + snapshot.data().count,
      0,
    );
    log(`fallback ${size}: ${titles} titles, ${documents} documents; the build's sync`);
    const build = await measure(() => censusStep(db, null, null, Date.now() + BUDGET.buildSeconds * 1000));
    // The figures below start from an indexed catalog and a census of it (the large catalog's build indexed it whole;
    // the 100k one was written indexed, and a pass the build left would only read it again).
    await recordCheck(db, { census: await takeCensus(db), pass: null });

    log(`fallback ${size}: an edit by event, an idle check, an addition found by checks, a scan step`);
    await db.doc('trailers/gen-trailers-7').update({ title: 'Fallback Renamed' });
    const eventRename = await measure(() => syncChangedDocuments(db, ['trailers/gen-trailers-7']));
    await writeAsOperator(db, [handWrittenTrailer('fallback-by-event', 'Fallback By Event')]);
    const eventAddition = await measure(() => syncChangedDocuments(db, ['trailers/fallback-by-event']));
    await recordCheck(db, { census: await takeCensus(db), pass: null });
    const idleCheck = await measure(() => checkCatalog(db, 0, Date.now() + BUDGET.checkMs));

    await writeAsOperator(db, [handWrittenTrailer('fallback-by-checks', 'Fallback By Checks')]);
    const additionByChecks = { checks: 0, reads: 0, longestMs: 0, found: false };
    while (!additionByChecks.found && additionByChecks.checks < 100) {
      const check = await measure(() => checkCatalog(db, 0, Date.now() + BUDGET.checkMs));
      additionByChecks.checks += 1;
      additionByChecks.reads += check.reads;
      additionByChecks.longestMs = Math.max(additionByChecks.longestMs, check.ms);
      additionByChecks.found = check.value!.indexed.includes('trailers/fallback-by-checks');
    }

    const scan = await measure(() => scanStep(db, Date.now() + BUDGET.scanMs));
    // A pass reads every title and every title entry once.
    const stepsPerPass = Math.ceil((2 * titles) / Math.max(1, scan.value.checked));
    return {
      size,
      titles,
      documents,
      build: { reads: build.reads, ms: build.ms, indexed: build.value.indexed.length, ended: build.value.pass === null },
      eventRename,
      eventAddition,
      idleCheck,
      additionByChecks,
      scanStep: { reads: scan.reads, ms: scan.ms, checked: scan.value.checked, stepsPerPass },
    };
  } finally {
    await emulator.stop();
  }
}
