/**
 * `npm run bench -- [--only=search,studio,chain,reads,throughput,load,bytes,lighthouse,scale,upkeep,fallback,playback] [--size=embedded|large|100k] [--modes=start,vercel,events] [--no-build]`: measures the
 * production site and reports, without gating (budgets are gated by the tests). It starts the stack as the e2e
 * suite does (scripts/bench/stack.ts) on the embedded catalog, and for `scale`, `lighthouse` and `upkeep` again on
 * the large generated one (with its own build: a build prerenders the catalog it was built with). `upkeep` then
 * starts a stack of its own per mode (`next start`, and as on Vercel with a build of its own), and `playback` one with its
 * own titles (scripts/bench/playback.ts). `fallback` measures what an edit costs each path, on an emulator of its own, on
 * the large catalog written by hand and on 100,000 titles (`--size=100k` alone; scripts/bench/fallback.ts).
 * Prints one table and writes bench/results/latest.{json,md}. Exit status: 0 when every section ran
 * (goals met or not), 1 when one could not, 2 on a usage error.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { buildFloor, FLOOR_DIR, startFloor } from '../../e2e/support/floor';
import { run } from '../../e2e/support/processes';
import { measureBytes } from './browser';
import { measureChainCalls, measureOpenCheckouts } from './chain';
import { LIGHTHOUSE_PAGES, PAGES, PORTS, RESULTS_DIR, SCALE, type Size, type StackSize } from './config';
import { measureLoad, measureThroughput } from './http';
import { measurePlayback } from './playback';
import { measureReads } from './reads';
import { measureLighthouse } from './lighthouse';
import { rows, rowsTable, sideBySide, type Results, type SearchTiming } from './report';
import { measureScale } from './scale';
import { measureStudio } from './studio';
import { CATALOGS, QUERIES, searcher } from './search';
import { log, startStack, type Stack } from './stack';
import { measureUpkeep, UPKEEP_MODES, type UpkeepMode } from './upkeep';
import { FALLBACK_SIZES, measureFallback, type FallbackSize } from './fallback';

const SECTIONS = [
  'search',
  'studio',
  'chain',
  'checkouts',
  'reads',
  'throughput',
  'load',
  'bytes',
  'lighthouse',
  'scale',
  'upkeep',
  'fallback',
  'playback',
] as const;
type Section = (typeof SECTIONS)[number];
const SITE_SECTIONS: Section[] = ['chain', 'checkouts', 'reads', 'throughput', 'load', 'bytes', 'lighthouse'];
/** The sections measured on the large catalog too. */
const LARGE_SECTIONS: Section[] = ['scale', 'lighthouse', 'upkeep'];
/** The sections measured on the stack `startStack(size)` starts (upkeep starts its own). */
const STACK_SECTIONS: Section[] = ['scale', ...SITE_SECTIONS];

const SIZES: (Size | FallbackSize)[] = [...(Object.keys(SCALE.sizes) as Size[]), '100k'];

function options() {
  try {
    const { values } = parseArgs({
      options: {
        only: { type: 'string', default: SECTIONS.join(',') },
        size: { type: 'string' },
        modes: { type: 'string', default: UPKEEP_MODES.join(',') },
        'no-build': { type: 'boolean', default: false },
      },
    });
    const only = values.only.split(',').filter(Boolean);
    const unknown = only.filter((name) => !(SECTIONS as readonly string[]).includes(name));
    if (only.length === 0 || unknown.length > 0) throw new Error(`unknown section(s): ${unknown.join(', ') || '(none)'}`);
    if (values.size !== undefined && !(SIZES as readonly string[]).includes(values.size)) throw new Error(`unknown size: ${values.size}`);
    const modes = values.modes.split(',').filter(Boolean);
    if (modes.length === 0 || modes.some((mode) => !(UPKEEP_MODES as readonly string[]).includes(mode)))
      throw new Error(`unknown upkeep mode(s): ${values.modes}`);
    // One catalog size alone: the large one's site sections take a quiet host half an hour.
    return { only: new Set(only as Section[]), size: values.size as Size | FallbackSize | undefined, modes: modes as UpkeepMode[], build: !values['no-build'] };
  } catch (error) {
    process.stderr.write(
      `${(error as Error).message}\nusage: npm run bench -- [--only=${SECTIONS.join(',')}] [--size=${SIZES.join('|')}] [--modes=${UPKEEP_MODES.join(',')}] [--no-build]\n`,
    );
    process.exit(2);
  }
}

/** `vitest bench` times each query; the reads and matches are counted here with the same lookup. */
async function measureSearch(): Promise<SearchTiming[]> {
  const json = `${RESULTS_DIR}/search-bench.json`;
  await run('npx', ['vitest', 'bench', '--run', 'scripts/bench/search.bench.ts', '--outputJson', json], process.env);
  type Report = { files: { groups: { fullName: string; benchmarks: { name: string; median: number; p99: number }[] }[] }[] };
  const groups = (JSON.parse(readFileSync(json, 'utf8')) as Report).files.flatMap((file) => file.groups);
  const timings: SearchTiming[] = [];
  for (const catalog of Object.keys(CATALOGS) as (keyof typeof CATALOGS)[]) {
    const search = searcher(catalog);
    const group = groups.find((g) => g.fullName.endsWith(`> ${catalog}`));
    for (const query of QUERIES) {
      const timing = group?.benchmarks.find((b) => b.name === query);
      if (!timing) throw new Error(`vitest bench reported no timing for ${catalog} "${query}"`);
      timings.push({ catalog, query, ...(await search(query)), medianMs: timing.median, p99Ms: timing.p99 });
    }
  }
  return timings;
}

async function main() {
  const { only, size: onlySize, modes, build } = options();
  const results: Results = { startedAt: new Date().toISOString(), machine: `${os.cpus().length} cores, Node ${process.version}`, errors: [] };
  const section = async <T>(name: Section, measure: () => Promise<T> | T): Promise<T | undefined> => {
    if (!only.has(name)) return undefined;
    log(`— ${name} —`);
    try {
      const result = await measure();
      const ended = stack?.ended();
      if (ended) throw new Error(`the site stopped while it was measured (${ended})`);
      return result;
    } catch (error) {
      results.errors.push(`${name}: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  };
  let stack: Stack | undefined;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void Promise.resolve(stack?.stop()).finally(() => process.exit(1)));
  mkdirSync(RESULTS_DIR, { recursive: true });

  /**
   * The framework's floor beside the site, for the bytes and Lighthouse sections: built once per bench run (or
   * reused with --no-build), served for as long as the site is.
   */
  let floorBuilt = false;
  async function startFloorBeside() {
    if (!floorBuilt && (build || !existsSync(`${FLOOR_DIR}/.next/BUILD_ID`))) {
      log('floor: next build');
      await buildFloor(`${RESULTS_DIR}/build-floor.log`);
    }
    floorBuilt = true;
    return startFloor(PORTS.floor, `${RESULTS_DIR}/server-floor.log`);
  }

  /** The sections measured on the stack of one size, which is stopped afterwards. */
  async function measureOnStack(size: Size) {
    let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
    try {
      // Scale reports build seconds, so it always builds.
      stack = await startStack(size, build || only.has('scale'));
      const current = stack;
      // Scale first: its memory and idle figures are those of a fresh server, before any load.
      const scale = await section('scale', () => measureScale(current, size));
      if (scale) results.scale = [...(results.scale ?? []), scale];
      if (size === 'embedded') {
        results.chain = await section('chain', () => measureChainCalls(current));
        results.checkouts = await section('checkouts', () => measureOpenCheckouts(current));
        results.reads = await section('reads', () => measureReads(current, PAGES));
        results.throughput = await section('throughput', () => measureThroughput(current));
        results.load = await section('load', () => measureLoad(current));
      }
      if (only.has('bytes') || only.has('lighthouse')) floor = await startFloorBeside();
      const floorUrl = floor?.url ?? '';
      if (size === 'embedded') results.bytes = await section('bytes', () => measureBytes(current, PAGES.slice(0, 2), floorUrl));
      const targets = [{ name: 'floor', url: `${floorUrl}/` }, ...LIGHTHOUSE_PAGES[size].map((path) => ({ name: path, url: `${current.url}${path}` }))];
      const lighthouse = await section('lighthouse', () => measureLighthouse(size, targets));
      if (lighthouse) results.lighthouse = [...(results.lighthouse ?? []), lighthouse];
    } catch (error) {
      results.errors.push(`${size} catalog: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      floor?.stop();
      await stack?.stop();
      stack = undefined;
    }
  }

  results.search = await section('search', measureSearch);
  results.studio = await section('studio', measureStudio);
  /** Whether this run already built the embedded catalog for `next start`, which the playback section then reuses. */
  let embeddedBuilt = false;
  const sizes: StackSize[] = [];
  if (only.has('scale') || only.has('upkeep') || SITE_SECTIONS.some((name) => only.has(name))) sizes.push('embedded');
  if (LARGE_SECTIONS.some((name) => only.has(name))) sizes.push('large');
  // 100,000 titles: the upkeep's figures alone (the site sections there would measure the emulator's scans).
  if (only.has('upkeep')) sizes.push('100k');
  for (const size of sizes.filter((measured) => (onlySize ? measured === onlySize : measured !== '100k'))) {
    const onStack = size !== '100k' && STACK_SECTIONS.some((name) => only.has(name) && (size === 'embedded' || LARGE_SECTIONS.includes(name)));
    if (onStack) await measureOnStack(size);
    // Once that stack has stopped: each mode runs alone, so no other server's listeners index the edits it measures.
    // Its `next start` build is the one just used, when there was one.
    const upkeep = await section('upkeep', () =>
      measureUpkeep(size, { start: build && !onStack, vercel: build, events: false }, (current) => (stack = current), modes),
    );
    if (upkeep) results.upkeep = [...(results.upkeep ?? []), ...upkeep];
    if (size === 'embedded' && (onStack || only.has('upkeep'))) embeddedBuilt = true;
  }
  for (const size of FALLBACK_SIZES.filter((measured) => (onlySize ? measured === onlySize : measured === 'large'))) {
    const fallback = await section('fallback', () => measureFallback(size));
    if (fallback) results.fallback = [...(results.fallback ?? []), fallback];
  }
  // On a stack of its own: its titles and their media must be there before the server starts.
  results.playback = await section('playback', () => measurePlayback(build && !embeddedBuilt, (current) => (stack = current)));

  const report = `Solenema bench, ${results.startedAt} · ${results.machine}\n\n${rowsTable(rows(results))}\n\n${sideBySide(results)}\n`;
  writeFileSync(`${RESULTS_DIR}/latest.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${RESULTS_DIR}/latest.md`, report);
  process.stdout.write(`\n${report}\nData: ${RESULTS_DIR}/latest.json\n`);
  process.exit(results.errors.length > 0 ? 1 : 0);
}

void main();
