/**
 * `npm run bench`: measures the production site against the goals of issue 6 and reports, without
 * asserting. It starts a Firestore emulator in this process (seeded with `npm run seed`), builds when
 * .next cannot be reused, starts `next start` on loopback, then measures in turn:
 *   reads (Firestore reads per render, cold and cached) · throughput (page vs static file) ·
 *   load (30 s of mixed pages, API calls and media ranges at 50 connections) ·
 *   bytes (JS/CSS a browser loads, wallet code) · Lighthouse (mobile) · search (the search index,
 *   in this process: `--only=search` starts no emulator, build or server) · scale (the site built and measured
 *   on the embedded and on a large generated catalog, side by side).
 * Prints one table on stdout (progress goes to stderr) and writes the data to bench/results/.
 * Exit status: 0 when every measurement ran (goals met or not), 1 when the bench itself could not run
 * (or a measurement failed), 2 on a usage error. Every process it started is stopped, also on Ctrl-C.
 *
 * Usage: npm run bench -- [--build | --no-build] [--force] [--only=reads,throughput,load,bytes,lighthouse,search]
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startLocalChain, type LocalChain } from '../../e2e/support/chain';
import { measureBytes } from './bytes';
import {
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  GOALS,
  LOAD,
  PORTS,
  parseArgs,
  READS,
  RESULTS_DIR,
  ROOT,
  siteEnv,
  SITE_SECTIONS,
  STRIPPED_ENV,
  THROUGHPUT,
  UsageError,
  type BenchOptions,
  type Section,
} from './config';
import { startEmulator, type Emulator } from './emulator';
import { measureLoad, withRedisSite } from './load';
import { measureLighthouse, type ChromeHandle } from './lighthouse';
import { measureReads } from './reads';
import { measureScale, SCALE } from './scale';
import { measureSearch, SEARCH } from './search';
import { buildRows, renderTable, writeResults, type BenchResults } from './report';
import { ensureBuild, killGroup, run, startSite, stopCommands, stopSite, type RunningServer } from './server';
import { chooseTargets } from './targets';
import { measureThroughput } from './throughput';
import { assertPortsFree, errorMessage, log } from './util';

/** Everything started so far, stopped in reverse order by `cleanup`. */
const running: { emulator?: Emulator; chain?: LocalChain; site?: RunningServer; chrome?: ChromeHandle } = {};

async function cleanup(): Promise<void> {
  stopCommands();
  try {
    running.chrome?.kill();
  } catch {
    // Already gone.
  }
  running.chrome = undefined;
  await stopSite(running.site).catch((error: unknown) => log(`stopping the site: ${errorMessage(error)}`));
  running.site = undefined;
  await running.emulator?.stop().catch((error: unknown) => log(`stopping the emulator: ${errorMessage(error)}`));
  running.emulator = undefined;
  await running.chain?.stop().catch((error: unknown) => log(`stopping the chain: ${errorMessage(error)}`));
  running.chain = undefined;
}

function onSignal(signal: NodeJS.Signals, code: number) {
  process.once(signal, () => {
    log(`${signal}: stopping what the bench started`);
    void cleanup().finally(() => process.exit(code));
  });
}

function chromiumVersion(): string | null {
  if (!CHROMIUM_PATH) return null;
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

/** The environment of the seed, the build and the server: this shell's, less real-project credentials, plus the bench's. */
function childEnv(): NodeJS.ProcessEnv {
  // NODE_ENV is left to next (production) and npm; credentials would point the site at a real project.
  const dropped = new Set([...STRIPPED_ENV, 'NODE_ENV']);
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !dropped.has(key)));
  return { ...env, ...siteEnv() } as NodeJS.ProcessEnv;
}

async function section<T>(name: Section, options: BenchOptions, results: BenchResults, measure: () => Promise<T>): Promise<T | null> {
  if (!options.only.has(name)) return null;
  log(`— ${name} —`);
  try {
    return await measure();
  } catch (error) {
    results.errors.push(`${name}: ${errorMessage(error)}`);
    log(`${name} failed: ${errorMessage(error)}`);
    return null;
  }
}

async function bench(options: BenchOptions, results: BenchResults): Promise<void> {
  results.search = await section('search', options, results, measureSearch);
  if (options.only.has('scale')) await assertPortsFree({ site: PORTS.site, firestore: PORTS.firestore });
  results.scale = await section('scale', options, results, () => measureScale(childEnv()));
  if (!SITE_SECTIONS.some((name) => options.only.has(name))) return;

  await assertPortsFree({ site: PORTS.site, firestore: PORTS.firestore, chain: PORTS.chain, chainWebsocket: PORTS.chain + 1 });
  const { targets, missing } = chooseTargets();
  results.targets = targets;
  results.missingTargets = missing;
  log(`pages: ${targets.map((target) => target.path).join(', ')}`);

  const env = childEnv();
  running.chain = await startLocalChain({ port: PORTS.chain });
  running.emulator = await startEmulator(PORTS.firestore);
  log(`Firestore emulator on ${running.emulator.host}; seeding`);
  await run('npm', ['run', 'seed', '--silent'], env);

  results.build = await ensureBuild(env, options);

  const logFile = path.join(RESULTS_DIR, 'server.log');
  running.site = await startSite(env, PORTS.site, logFile);
  const siteUrl = running.site.url;
  const serverPgid = running.site.child.pid;
  log(`site on ${siteUrl} (log: ${path.relative(ROOT, logFile)})`);

  const reads = running.emulator.reads;
  const browserTargets = targets.filter((target) => target.kind === 'home' || target.kind === 'series');

  results.reads = (await section('reads', options, results, () => measureReads(siteUrl, reads, targets))) ?? [];
  results.throughput = (await section('throughput', options, results, () => measureThroughput(siteUrl, targets, serverPgid))) ?? [];
  const seriesPath = targets.find((target) => target.kind === 'series')?.path ?? '/';
  const emulatorHost = running.emulator.host;
  results.load = await section('load', options, results, () => measureLoad(siteUrl, emulatorHost, seriesPath));
  results.loadRedis = await section('load', options, results, () =>
    withRedisSite(env, PORTS.redisSite, path.join(RESULTS_DIR, 'server-redis.log'), (url) => measureLoad(url, emulatorHost, seriesPath)),
  );
  results.bytes = (await section('bytes', options, results, () => measureBytes(siteUrl, browserTargets))) ?? [];
  results.lighthouse =
    (await section('lighthouse', options, results, () =>
      measureLighthouse(siteUrl, browserTargets, options.lighthouseRuns, serverPgid, (chrome) => {
        running.chrome = chrome;
      }),
    )) ?? [];
}

/** How many measurements could not run (the bench's own failures, not missed goals). */
function measurementErrors(results: BenchResults): number {
  const perPage = [...results.throughput, ...results.bytes, ...results.reads, ...results.lighthouse].filter((entry) => entry.error).length;
  return results.errors.length + perPage;
}

async function main(): Promise<number> {
  let options: BenchOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return 2;
    }
    throw error;
  }

  onSignal('SIGINT', 130);
  onSignal('SIGTERM', 143);
  // Last resort should the process die some other way: never leave `next start` behind.
  process.once('exit', () => {
    stopCommands();
    if (running.site) killGroup(running.site.child, 'SIGKILL');
  });

  mkdirSync(RESULTS_DIR, { recursive: true });
  const results: BenchResults = {
    startedAt: new Date().toISOString(),
    finishedAt: '',
    environment: {
      node: process.version,
      cpus: os.cpus().length,
      platform: `${os.platform()} ${os.release()}`,
      chromium: chromiumVersion(),
    },
    build: null,
    settings: {
      ports: PORTS,
      throughput: THROUGHPUT,
      load: LOAD,
      reads: READS,
      search: SEARCH,
      scale: SCALE,
      goals: GOALS,
      chromiumFlags: CHROMIUM_FLAGS,
      sections: [...options.only],
      lighthouseRuns: options.lighthouseRuns,
    },
    targets: [],
    missingTargets: [],
    throughput: [],
    load: null,
    loadRedis: null,
    bytes: [],
    reads: [],
    lighthouse: [],
    search: null,
    scale: null,
    errors: [],
  };

  try {
    await bench(options, results);
  } catch (error) {
    results.errors.push(errorMessage(error));
    log(`could not run: ${errorMessage(error)}`);
  } finally {
    await cleanup();
  }

  results.finishedAt = new Date().toISOString();
  const table = renderTable(buildRows(results));
  results.table = table;
  const file = writeResults(results);
  const build = results.build ? `build ${results.build.buildId} (${results.build.built ? 'built now' : 'reused'})` : 'no build';
  process.stdout.write(`\nSolenema bench, ${results.startedAt} · ${build} · ${os.cpus().length} cores\n\n${table}\n\n`);
  process.stdout.write(`Data: ${file} (and bench/results/latest.json)\n`);
  const errors = measurementErrors(results);
  if (errors > 0) log(`${errors} measurement(s) could not run: exit 1`);
  return errors > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`crashed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    void cleanup().finally(() => process.exit(1));
  },
);
