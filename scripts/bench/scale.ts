/**
 * Issue 16's figures for one catalog size, on a running stack: the largest page, reads per page cold and
 * cached, reads and p50/p95 per search query (each query once, never rendered before), reads per checkout,
 * reads while idle, the server's memory and "over 2MB" cache warnings.
 */
import { execFileSync } from 'node:child_process';
import { SCALE, type Size } from './config';
import { measureReads, readsOf, settledReads, type PageReads } from './reads';
import { log, type Stack } from './stack';
import { measureSync, type SyncResult } from './sync';

export interface ScaleResult {
  size: Size;
  buildSeconds: number | null;
  largestPage: { path: string; bytes: number };
  pages: PageReads[];
  search: { maxReads: number; p50Ms: number; p95Ms: number };
  checkoutReads: [first: number, again: number];
  idleReads: number;
  rssMb: number;
  over2MbWarnings: number;
  sync: SyncResult;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;

/** Resident memory of the server's process group (next start and its workers). */
function rssMb(pid: number): number {
  const kb = execFileSync('ps', ['-o', 'rss=', '-g', String(pid)], { encoding: 'utf8' }).split('\n');
  return Math.round(kb.reduce((sum, line) => sum + (Number(line) || 0), 0) / 1024);
}

export async function measureScale(stack: Stack, size: Size): Promise<ScaleResult> {
  const { pages: paths, checkout } = SCALE.sizes[size];
  // Before any page: what the server read on its own since it started is the catalog watch's first look.
  const firstLookReads = await settledReads(stack);
  const pages = await measureReads(stack, paths);
  let largestPage = { path: '', bytes: 0 };
  for (const path of paths) {
    const bytes = (await (await fetch(`${stack.url}${path}`)).arrayBuffer()).byteLength;
    if (bytes > largestPage.bytes) largestPage = { path, bytes };
  }
  const searches = [];
  for (const query of SCALE.searches) searches.push(await readsOf(stack, `/search?q=${encodeURIComponent(query)}`));
  const times = searches.map((search) => search.ms).sort((a, b) => a - b);
  const post = { method: 'POST', headers: { 'content-type': 'application/json', origin: stack.url }, body: JSON.stringify({ path: checkout }) };
  const checkoutReads: [number, number] = [(await readsOf(stack, '/api/checkout', post)).reads, (await readsOf(stack, '/api/checkout', post)).reads];
  log(`${size}: idle for ${SCALE.idleSeconds} s`);
  const before = (await stack.reads()).reads;
  await new Promise((resolve) => setTimeout(resolve, SCALE.idleSeconds * 1000));
  const idleReads = (await stack.reads()).reads - before;
  return {
    size,
    buildSeconds: stack.buildSeconds,
    largestPage,
    pages,
    search: { maxReads: Math.max(...searches.map((search) => search.reads)), p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) },
    checkoutReads,
    idleReads,
    rssMb: rssMb(stack.server.pid!),
    over2MbWarnings: stack.over2MbWarnings(),
    sync: await measureSync(stack, size, firstLookReads),
  };
}
