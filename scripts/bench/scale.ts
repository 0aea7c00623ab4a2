/**
 * `--only=scale`: the site at two catalog sizes side by side: the embedded catalog, and the large generated
 * one (`npm run catalog:generate`: 500 series × 3 × 8, 200 short films, 400 movies, a series of 40 seasons, a
 * season and a short film of 400 episodes). Each size gets its own emulator (reads counted), build (its own
 * distDir, timed) and `next start`, and reports: build seconds, the largest page, reads per page cold and warm,
 * reads and p50/p95 per search, reads per checkout, reads while idle, server memory, "over 2MB" warnings.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PORTS, RESULTS_DIR } from './config';
import { startEmulator, type ReadCounter } from './emulator';
import { measureReads } from './reads';
import { run, startSite, stopSite, type RunningServer } from './server';
import type { Target } from './targets';
import { log, sleep } from './util';

export const SCALE = {
  idleSeconds: 60,
  searches: ['harbor', 'amber', 'meridian drift', 'eridia', 'lantern', 'zzqx', 'a', 'solstice raven', 'willow', 'prism'],
  sizes: [
    { name: 'embedded', generate: false, pages: ['/', '/series', '/series/harbor-lights', '/series/harbor-lights/season/season-one', '/short-films/the-moth-collector'] },
    {
      name: 'large',
      generate: true,
      pages: ['/', '/series', '/series/gen-long-series', '/series/gen-series-7/season/s2', '/series/gen-long-season/season/s1', '/short-films/gen-long-film', '/watch/documentaries/gen-documentaries-6'],
    },
  ],
  checkout: { embedded: 'series/harbor-lights', large: 'series/gen-long-series' } as Record<string, string>,
} as const;

export interface ScaleResult {
  size: string;
  buildSeconds: number;
  largestPage: { path: string; bytes: number };
  pages: { path: string; cold: number | null; warm: number | null }[];
  search: { reads: number[]; p50Ms: number; p95Ms: number };
  checkoutReads: number[];
  idleReads: number;
  serverRssMb: number;
  over2MbWarnings: number;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Resident memory of the server's process group (next start and its workers), in MB. */
function groupRssMb(pgid: number): number {
  const rss = execFileSync('ps', ['-o', 'rss=', '-g', String(pgid)], { encoding: 'utf8' });
  return Math.round(rss.split('\n').reduce((sum, line) => sum + (Number(line.trim()) || 0), 0) / 1024);
}

async function counted<T>(reads: ReadCounter, work: () => Promise<T>): Promise<number> {
  reads.reset();
  await work();
  await sleep(300);
  return reads.snapshot().documents;
}

async function measureSite(site: RunningServer, reads: ReadCounter, size: (typeof SCALE.sizes)[number]): Promise<Omit<ScaleResult, 'size' | 'buildSeconds'>> {
  const pageReads = await measureReads(site.url, reads, size.pages.map((page): Target => ({ path: page, kind: 'home', label: page })));
  let largestPage = { path: '', bytes: 0 };
  for (const page of size.pages) {
    const bytes = (await (await fetch(`${site.url}${page}`)).arrayBuffer()).byteLength;
    if (bytes > largestPage.bytes) largestPage = { path: page, bytes };
  }
  const times: number[] = [];
  const searchReads: number[] = [];
  for (const query of SCALE.searches) {
    searchReads.push(
      await counted(reads, async () => {
        const started = performance.now();
        await (await fetch(`${site.url}/search?q=${encodeURIComponent(query)}`)).text();
        times.push(performance.now() - started);
      }),
    );
  }
  times.sort((a, b) => a - b);
  const checkout = () => fetch(`${site.url}/api/checkout`, { method: 'POST', headers: { 'content-type': 'application/json', origin: site.url }, body: JSON.stringify({ path: SCALE.checkout[size.name] }) });
  const checkoutReads = [await counted(reads, checkout), await counted(reads, checkout)];
  log(`scale ${size.name}: idle for ${SCALE.idleSeconds} s`);
  reads.reset();
  await sleep(SCALE.idleSeconds * 1000);
  const idleReads = reads.snapshot().documents;
  return {
    largestPage,
    pages: pageReads.map((page) => ({ path: page.path, cold: page.cold?.documents ?? null, warm: page.cached?.documents ?? null })),
    search: { reads: searchReads, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) },
    checkoutReads,
    idleReads,
    serverRssMb: groupRssMb(site.child.pid!),
    over2MbWarnings: (readFileSync(site.logFile, 'utf8').match(/over 2 ?MB/gi) ?? []).length,
  };
}

/** Both sizes in turn; everything a size started is stopped before the next begins. */
export async function measureScale(env: NodeJS.ProcessEnv): Promise<ScaleResult[]> {
  const results: ScaleResult[] = [];
  for (const size of SCALE.sizes) {
    const sizeEnv = { ...env, NEXT_DIST_DIR: `.next/scale-${size.name}` };
    const emulator = await startEmulator(PORTS.firestore);
    let site: RunningServer | undefined;
    try {
      log(`scale ${size.name}: seeding`);
      await run('npm', ['run', 'seed', '--silent'], sizeEnv);
      if (size.generate) await run('npm', ['run', 'catalog:generate', '--silent', '--', '--shape=large'], sizeEnv);
      log(`scale ${size.name}: building`);
      const started = Date.now();
      // next build adds its distDir's types to tsconfig.json: the bench's own builds leave it as it was.
      const tsconfig = readFileSync('tsconfig.json', 'utf8');
      await run('npx', ['next', 'build'], sizeEnv).finally(() => writeFileSync('tsconfig.json', tsconfig));
      const buildSeconds = Math.round((Date.now() - started) / 1000);
      site = await startSite(sizeEnv, PORTS.site, path.join(RESULTS_DIR, `server-${size.name}.log`));
      results.push({ size: size.name, buildSeconds, ...(await measureSite(site, emulator.reads, size)) });
    } finally {
      await stopSite(site);
      await emulator.stop();
    }
  }
  return results;
}
