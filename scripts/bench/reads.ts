/**
 * Firestore reads per render of each page, counted on the emulator side.
 *
 * cold:   the path is revalidated on demand (POST /api/revalidate with the bearer secret), then requested;
 *         reads are counted from that request until the emulator has been quiet for a while and the page
 *         is served fresh: if Next answered STALE (regenerating in the background), it is asked again until
 *         the regeneration has landed, counting all along.
 * cached: the page is requested again (several times) once it is fresh; the highest count is kept.
 */
import { READS, REVALIDATE_SECRET } from './config';
import type { ReadCounter, ReadSnapshot } from './emulator';
import type { Target } from './targets';
import { errorMessage, log, sleep } from './util';

export interface PageFetch {
  status: number;
  /** x-nextjs-cache: HIT, STALE, MISS, REVALIDATED, or null when the page is not served from the cache. */
  cache: string | null;
}

export interface ReadsResult {
  path: string;
  status: number | null;
  cold: (ReadSnapshot & { responses: PageFetch[] }) | null;
  cached: (ReadSnapshot & { responses: PageFetch[] }) | null;
  error: string | null;
}

async function fetchPage(url: string): Promise<PageFetch> {
  const response = await fetch(url, { headers: { accept: 'text/html' }, signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('x-nextjs-cache') };
}

/** Waits until no read has arrived for `quietMs` (or `maxMs` passed). */
async function settle(counter: ReadCounter, since: number): Promise<void> {
  const deadline = Date.now() + READS.maxSettleMs;
  while (Date.now() < deadline) {
    const last = Math.max(counter.lastReadAt(), since);
    const quietFor = Date.now() - last;
    if (quietFor >= READS.quietMs) return;
    await sleep(Math.min(READS.quietMs - quietFor + 10, 250));
  }
}

async function revalidate(siteUrl: string, path: string): Promise<void> {
  const response = await fetch(`${siteUrl}/api/revalidate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${REVALIDATE_SECRET}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paths: [path] }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/revalidate answered ${response.status}: ${text.slice(0, 200)}`);
}

/**
 * Requests the page until it is served fresh: a STALE answer means Next regenerates in the background,
 * so it is asked again (after the reads settle) until that regeneration has landed.
 */
async function fetchUntilFresh(counter: ReadCounter, url: string): Promise<PageFetch[]> {
  const responses: PageFetch[] = [];
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const started = Date.now();
    const response = await fetchPage(url);
    responses.push(response);
    await settle(counter, started);
    if (response.cache !== 'STALE') break;
    await sleep(250);
  }
  return responses;
}

/** Reads over one render: counted from the first request until a fresh answer, regeneration included. */
async function measureRender(counter: ReadCounter, url: string) {
  counter.reset();
  const responses = await fetchUntilFresh(counter, url);
  return { ...counter.snapshot(), responses };
}

export async function measureReads(siteUrl: string, counter: ReadCounter, targets: Target[]): Promise<ReadsResult[]> {
  const results: ReadsResult[] = [];
  for (const target of targets) {
    const url = `${siteUrl}${target.path}`;
    const result: ReadsResult = { path: target.path, status: null, cold: null, cached: null, error: null };
    results.push(result);
    try {
      // Make sure the page exists and is fresh, so "cold" is about the revalidation alone.
      const first = await fetchPage(url);
      result.status = first.status;
      if (first.status !== 200) continue;
      await fetchUntilFresh(counter, url);

      await revalidate(siteUrl, target.path);
      await settle(counter, Date.now());
      const cold = await measureRender(counter, url);
      result.cold = cold;
      // Cached: several requests of the fresh page; the highest count is kept.
      const cachedRuns: Awaited<ReturnType<typeof measureRender>>[] = [];
      for (let i = 0; i < READS.cachedRequests; i += 1) cachedRuns.push(await measureRender(counter, url));
      const worst = cachedRuns.reduce((most, run) => (run.documents > most.documents ? run : most));
      result.cached = { ...worst, responses: cachedRuns.flatMap((run) => run.responses) };
      log(`reads ${target.path}: cold ${cold.documents} (${cold.rpcs} rpc), cached ${worst.documents}`);
    } catch (error) {
      result.error = errorMessage(error);
      log(`reads ${target.path}: ${result.error}`);
    }
  }
  return results;
}
