/**
 * The catalog sync's cost and speed on a running stack: the reads of the watch's first look at the catalog,
 * of the sync after one console edit, of a whole-catalog scan (what Vercel's Cron Job pays per run), and the
 * seconds from an edit written into Firestore to the edit found by search.
 */
import { spawnSync } from 'node:child_process';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { SYNC_RECORDS } from '../../lib/catalog/sync/records';
import { SCALE, type Size } from './config';
import { log, type Stack } from './stack';

export interface SyncResult {
  settingSeconds: number;
  firstLookReads: number;
  editSyncReads: number;
  writeToVisibleSeconds: number;
  scanReads: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The documents a scan reads: `npm run catalog:check -- --json` reads exactly those (it exits 1 on findings, which is no failure here). */
function scanReads(env: NodeJS.ProcessEnv): number {
  const check = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/catalog-check.ts', '--json'], { env, encoding: 'utf8' });
  if (check.status === 2 || !check.stdout) throw new Error(`catalog:check failed: ${check.stderr.slice(0, 300)}`);
  return (JSON.parse(check.stdout) as { documents: number }).documents;
}

/** The bench's own client of the same emulator and project as the site (its reads are not the site's). */
export function benchFirestore(stack: Pick<Stack, 'env'>, name: string): Firestore {
  Object.assign(process.env, { FIRESTORE_EMULATOR_HOST: stack.env.FIRESTORE_EMULATOR_HOST, METADATA_SERVER_DETECTION: 'none' });
  return getFirestore(initializeApp({ projectId: stack.env.FIREBASE_PROJECT_ID }, name));
}

/** The page of search's first result for `query`. */
export async function firstResult(stack: Stack, query: string): Promise<string | undefined> {
  const html = await (await fetch(`${stack.url}/search?q=${encodeURIComponent(query)}`)).text();
  return html.match(/<article[^>]*>[\s\S]*?href="([^"]+)"/)?.[1];
}

export async function measureSync(stack: Stack, size: Size, firstLookReads: number): Promise<SyncResult> {
  const { renamed: path, page } = SCALE.sizes[size].sync;
  const db = benchFirestore(stack, `bench-sync-${size}`);
  const original = (await db.doc(path).get()).get('title') as string;
  const renamed = `Benchmark Renamed ${Date.now()}`;
  log(`${size}: renaming ${path} and waiting for search to find it`);
  const written = Date.now();
  await db.doc(path).update({ title: renamed });
  for (;;) {
    if ((await firstResult(stack, renamed)) === page) break;
    if (Date.now() - written > 10 * 60_000) throw new Error(`the rename of ${path} was not found by search within 10 minutes`);
    await sleep(250);
  }
  const writeToVisibleSeconds = (Date.now() - written) / 1000;
  const status = (await db.doc(SYNC_RECORDS.status).get()).data() as { reads: number; indexed: string[] } | undefined;
  await db.doc(path).update({ title: original });
  return {
    settingSeconds: Number(stack.env.CATALOG_SYNC_SECONDS),
    firstLookReads,
    editSyncReads: status?.indexed.includes(path) ? status.reads : NaN,
    writeToVisibleSeconds,
    scanReads: scanReads(stack.env),
  };
}
