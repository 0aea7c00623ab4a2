/**
 * The site under test, started as the e2e suite starts it (e2e/support): Google's Firestore emulator, the
 * local chain, `npm run seed` (and the large generated catalog), a timed `next build`
 * into the bench's own distDir, and `next start` on loopback; or, with `vercel`, all of it as on Vercel.
 */
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { startLocalChain } from '../../e2e/support/chain';
import { startFirestoreEmulator } from '../../e2e/support/firestore-emulator';
import { run, startServer, stopServer } from '../../e2e/support/processes';
import { DIST_DIR, PORTS, RESULTS_DIR, siteEnv, STATIC_COPIES, THROUGHPUT, type StackSize } from './config';

export interface StackOptions {
  /**
   * Built and started with VERCEL=1 (the catalog kept current by visits), on its own port: a build's prerendered
   * pages keep the lifetime they were built with, so such a build is never reused for `next start` nor the reverse.
   */
  vercel?: boolean;
  /** The emulator delivers document events to PORTS.catalogTrigger, where the catalog trigger runs (upkeep's events mode). */
  functionsEmulator?: boolean;
  /** Settings over the bench's own (siteEnv), for the build and the server. */
  env?: Record<string, string>;
  /**
   * Work on the seeded catalog before the build and `next start` (titles of a section's own, their media): Next
   * lists the files of public/ once, when it starts.
   */
  prepare?: (env: NodeJS.ProcessEnv) => Promise<void>;
}

export interface Stack {
  url: string;
  env: NodeJS.ProcessEnv;
  server: ChildProcess;
  /** Billable document reads the site has made so far, and its reads still running, by its own count (READ_COUNTER=1). */
  reads: () => Promise<ReadCount>;
  buildSeconds: number | null;
  /** What the build's catalog sync said it did (`catalog:sync: … checked, … indexed anew, … reads, … s`), when this stack built. */
  buildSync: string | null;
  /** How the server ended, when it did: on a shared host another session may stop it, and a section must not report its errors as figures. */
  ended: () => string | null;
  /** Lines of the build's and the server's output that say a value was too large to cache. */
  over2MbWarnings: () => number;
  stop: () => Promise<void>;
}

export interface ReadCount {
  reads: number;
  inFlight: number;
}

async function siteReads(url: string): Promise<ReadCount> {
  const response = await fetch(`${url}/api/internal/reads`);
  if (!response.ok) throw new Error(`GET /api/internal/reads answered ${response.status}`);
  return (await response.json()) as ReadCount;
}

export const log = (message: string) => process.stderr.write(`bench: ${message}\n`);

/**
 * Which catalog the build in DIST_DIR prerendered, and whether as on Vercel: a build of the other size is never
 * reused (its pages show the other catalog). One distDir for both: another one would be added to tsconfig.json by next build.
 */
const BUILT_FOR = `${DIST_DIR}/bench-catalog`;
const builtFor = () => (existsSync(BUILT_FOR) ? readFileSync(BUILT_FOR, 'utf8') : null);

/** Where a page's prerendered HTML is in the build (`/` is index.html), and where the throughput section's copy of it goes. */
const prerendered = (path: string) => `${DIST_DIR}/server/app${path === '/' ? '/index' : path}.html`;
export const staticCopy = (path: string) => `${path === '/' ? '/index' : path}.html`.replaceAll('/', '_').slice(1);

/** Next lists its static files when it starts, so the copies are written before `next start`. */
function copyPrerenderedPages() {
  mkdirSync(STATIC_COPIES.dir, { recursive: true });
  for (const path of THROUGHPUT.pages) if (existsSync(prerendered(path))) copyFileSync(prerendered(path), `${STATIC_COPIES.dir}/${staticCopy(path)}`);
}

function ended(server: ChildProcess): string | null {
  const how = server.exitCode ?? server.signalCode;
  return how === null ? null : `ended with ${how}`;
}

/** Starts everything for one catalog size; `build: false` reuses the last bench build when there is one of this size and kind. */
export async function startStack(
  size: StackSize,
  build: boolean,
  { vercel = false, functionsEmulator = false, env: settings = {}, prepare }: StackOptions = {},
): Promise<Stack> {
  const port = vercel ? PORTS.vercelSite : PORTS.site;
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...siteEnv(), NEXT_PUBLIC_SITE_URL: url, ...settings, ...(vercel ? { VERCEL: '1' } : {}) };
  // A `next start` build's pages live a day whatever CATALOG_SYNC_SECONDS was; a Vercel build's live a third of it.
  const kind = vercel ? `${size} vercel CATALOG_SYNC_SECONDS=${env.CATALOG_SYNC_SECONDS}` : size;
  const name = vercel ? `${size}-vercel` : size;
  const emulator = await startFirestoreEmulator({
    port: PORTS.firestore,
    functionsEmulator: functionsEmulator ? `127.0.0.1:${PORTS.catalogTrigger}` : undefined,
  });
  const chain = await startLocalChain({ port: PORTS.chain });
  let server: ChildProcess | undefined;
  const stop = async () => {
    stopServer(server);
    await Promise.all([emulator.stop(), chain.stop()]);
  };
  try {
    await run('npm', ['run', 'seed', '--silent'], env);
    if (size !== 'embedded') await run('npm', ['run', 'catalog:generate', '--silent', '--', `--shape=${size}`], env);
    await prepare?.(env);
    const buildLog = `${RESULTS_DIR}/build-${name}.log`;
    let buildSeconds: number | null = null;
    if (build || !existsSync(`${DIST_DIR}/BUILD_ID`) || builtFor() !== kind) {
      log(`${name}: next build`);
      // From nothing, so both catalog sizes are timed alike (a build reuses its distDir's compiler cache).
      rmSync(DIST_DIR, { recursive: true, force: true });
      const started = Date.now();
      await run('npx', ['next', 'build'], env, { logFile: buildLog });
      buildSeconds = Math.round((Date.now() - started) / 1000);
      writeFileSync(BUILT_FOR, kind);
    }
    copyPrerenderedPages();
    const serverLog = `${RESULTS_DIR}/server-${name}.log`;
    const site = await startServer('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], env, url, { logFile: serverLog });
    server = site;
    const over2Mb = (file: string) => (existsSync(file) ? (readFileSync(file, 'utf8').match(/over 2 ?MB/gi) ?? []).length : 0);
    return {
      url,
      env,
      server: site,
      reads: () => siteReads(url),
      buildSeconds,
      buildSync: buildSeconds === null ? null : (readFileSync(buildLog, 'utf8').match(/^catalog:sync: .*$/m)?.[0] ?? null),
      ended: () => ended(site),
      over2MbWarnings: () => (buildSeconds === null ? 0 : over2Mb(buildLog)) + over2Mb(serverLog),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
