/**
 * Throughput and latency of each page next to a static file of similar size, served by the same
 * `next start` in the same run, with autocannon on loopback, bounded in time. Latency percentiles are
 * computed here over every response of the measured runs (autocannon reports them per run only).
 *
 * The static file is an existing build asset (.next/static, served at /_next/static/…) or a public/
 * file present at build time, whichever is closest in size to the page's HTML: nothing is written
 * into the repository at run time (Next serves only the public/ files it saw at build time). Only
 * text files are candidates: requests send Accept-Encoding like a browser, and Next compresses text
 * (the page too) on the fly but not images, so an image would be an unfairly cheap comparison.
 */
import autocannon from 'autocannon';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, THROUGHPUT } from './config';
import { foreignCpuPercent, sampleCpu } from './machine';
import type { Target } from './targets';
import { errorMessage, log } from './util';

export interface LoadResult {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

export interface ThroughputResult {
  path: string;
  status: number | null;
  htmlBytes: number | null;
  /** x-nextjs-cache of a request just before the run (HIT means served from the full-route cache). */
  cache: string | null;
  page: LoadResult | null;
  static: (LoadResult & { file: string; bytes: number }) | null;
  /** page req/s ÷ static req/s. */
  ratio: number | null;
  /** CPU share (% of all cores) that other processes on the machine used during the measured runs: noise. */
  foreignCpuPercent: number | null;
  error: string | null;
}

interface StaticFile {
  urlPath: string;
  file: string;
  bytes: number;
}

function walk(dir: string, visit: (full: string, bytes: number, mtimeMs: number) => void) {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const full = path.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) walk(full, visit);
    else if (stat.isFile()) visit(full, stat.size, stat.mtimeMs);
  }
}

/** Text files, which Next compresses like the page's HTML. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml)$/;

/** Files the running server serves as static files: build assets, and public/ files older than the build. */
export function staticCandidates(): StaticFile[] {
  const out: StaticFile[] = [];
  const staticDir = path.join(ROOT, '.next', 'static');
  walk(staticDir, (full, bytes) => {
    const rel = path.relative(staticDir, full).split(path.sep).join('/');
    out.push({ urlPath: `/_next/static/${rel}`, file: `.next/static/${rel}`, bytes });
  });
  let builtAtMs = Number.POSITIVE_INFINITY;
  try {
    builtAtMs = statSync(path.join(ROOT, '.next', 'BUILD_ID')).mtimeMs;
  } catch {
    // No build: the caller fails before this matters.
  }
  const publicDir = path.join(ROOT, 'public');
  walk(publicDir, (full, bytes, mtimeMs) => {
    if (mtimeMs > builtAtMs) return;
    const rel = path.relative(publicDir, full).split(path.sep).join('/');
    out.push({ urlPath: `/${rel.split('/').map(encodeURIComponent).join('/')}`, file: `public/${rel}`, bytes });
  });
  return out.filter((candidate) => candidate.bytes > 0 && COMPRESSIBLE.test(candidate.file));
}

/** The candidate closest in size (by ratio) to `bytes`. */
function closest(candidates: StaticFile[], bytes: number): StaticFile | undefined {
  const distance = (candidate: StaticFile) => Math.abs(Math.log(candidate.bytes / bytes));
  return [...candidates].sort((a, b) => distance(a) - distance(b))[0];
}

interface Side {
  url: string;
  latencies: number[];
  requests: number;
  seconds: number;
  non2xx: number;
  errors: number;
}

/** One bounded autocannon run; with a side, its responses and latencies are added to it. */
function load(url: string, seconds: number, side?: Side): Promise<void> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: THROUGHPUT.connections, duration: seconds, headers: { ...THROUGHPUT.headers }, timeout: 10 },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        if (side) {
          side.requests += result.requests.total;
          side.seconds += result.duration;
          side.non2xx += result.non2xx;
          side.errors += result.errors;
        }
        resolve();
      },
    );
    if (side) instance.on('response', (_client, _status, _bytes, responseTime) => side.latencies.push(responseTime));
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function summary(side: Side): LoadResult {
  const sorted = [...side.latencies].sort((a, b) => a - b);
  return {
    url: side.url,
    requestsPerSecond: side.seconds > 0 ? side.requests / side.seconds : 0,
    latencyP50Ms: percentile(sorted, 50),
    latencyP99Ms: percentile(sorted, 99),
    requests: side.requests,
    non2xx: side.non2xx,
    errors: side.errors,
  };
}

/**
 * Page and static file alternate (warm-up of each, then page, static, page, static: half the duration
 * each time), so a burst of load from elsewhere on the machine falls on both sides alike.
 */
async function comparePageWithStatic(pageUrl: string, staticUrl: string, serverPgid: number | undefined) {
  const page: Side = { url: pageUrl, latencies: [], requests: 0, seconds: 0, non2xx: 0, errors: 0 };
  const file: Side = { url: staticUrl, latencies: [], requests: 0, seconds: 0, non2xx: 0, errors: 0 };
  await load(pageUrl, THROUGHPUT.warmupSeconds);
  await load(staticUrl, THROUGHPUT.warmupSeconds);
  const before = sampleCpu([serverPgid]);
  const half = THROUGHPUT.durationSeconds / 2;
  for (let round = 0; round < 2; round += 1) {
    await load(pageUrl, half, page);
    await load(staticUrl, half, file);
  }
  return { page: summary(page), static: summary(file), foreignCpuPercent: foreignCpuPercent(before, sampleCpu([serverPgid])) };
}

/** `serverPgid`: the server's process group, whose CPU counts as the bench's own in the noise figure. */
export async function measureThroughput(siteUrl: string, targets: Target[], serverPgid?: number): Promise<ThroughputResult[]> {
  const candidates = staticCandidates();
  const results: ThroughputResult[] = [];
  for (const target of targets) {
    const result: ThroughputResult = {
      path: target.path,
      status: null,
      htmlBytes: null,
      cache: null,
      page: null,
      static: null,
      ratio: null,
      foreignCpuPercent: null,
      error: null,
    };
    results.push(result);
    try {
      const response = await fetch(`${siteUrl}${target.path}`, { signal: AbortSignal.timeout(30_000) });
      const body = Buffer.from(await response.arrayBuffer());
      result.status = response.status;
      result.htmlBytes = body.length;
      result.cache = response.headers.get('x-nextjs-cache');
      if (response.status !== 200) continue;

      const file = closest(candidates, body.length);
      if (!file) throw new Error('no static file to compare with (.next/static is empty?)');
      const check = await fetch(`${siteUrl}${file.urlPath}`, { signal: AbortSignal.timeout(10_000) });
      await check.arrayBuffer();
      if (check.status !== 200) throw new Error(`static file ${file.urlPath} answered ${check.status}`);

      log(`throughput ${target.path} (${body.length} B) vs ${file.file} (${file.bytes} B)`);
      const measured = await comparePageWithStatic(`${siteUrl}${target.path}`, `${siteUrl}${file.urlPath}`, serverPgid);
      result.page = measured.page;
      result.static = { ...measured.static, file: file.file, bytes: file.bytes };
      result.foreignCpuPercent = measured.foreignCpuPercent;
      result.ratio = result.static.requestsPerSecond > 0 ? result.page.requestsPerSecond / result.static.requestsPerSecond : null;
      log(
        `throughput ${target.path}: ${result.page.requestsPerSecond.toFixed(0)} req/s vs static ` +
          `${result.static.requestsPerSecond.toFixed(0)} req/s (ratio ${result.ratio?.toFixed(2) ?? '?'}; ` +
          `other processes used ${result.foreignCpuPercent?.toFixed(0) ?? '?'}% CPU)`,
      );
    } catch (error) {
      result.error = errorMessage(error);
      log(`throughput ${target.path}: ${result.error}`);
    }
  }
  return results;
}
