/**
 * Firestore reads of one render, counted by the site itself (READ_COUNTER=1). Cold: the page's path is revalidated
 * (POST /api/revalidate), then requested until it is served fresh (a STALE answer regenerates in the
 * background: those reads are its cost too). Cached: the fresh page again, the highest of three.
 */
import { REVALIDATE_SECRET } from './config';
import type { Stack } from './stack';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The read count once no read is running and none answered for a second (at most 60 s). */
export async function settledReads(stack: Stack): Promise<number> {
  let last = await stack.reads();
  for (let waited = 0; waited < 60_000; waited += 1_000) {
    await sleep(1_000);
    const now = await stack.reads();
    if (now.reads === last.reads && now.inFlight === 0 && last.inFlight === 0) break;
    last = now;
  }
  return last.reads;
}

/** Reads from the first request of `path` until it is served fresh and the reads have stopped; `ms`: the first answer's time. */
export async function readsOf(stack: Stack, path: string, init?: RequestInit): Promise<{ reads: number; ms: number }> {
  const before = await settledReads(stack);
  let ms = NaN;
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const started = performance.now();
    const response = await fetch(`${stack.url}${path}`, init);
    await response.arrayBuffer();
    if (attempt === 0) ms = performance.now() - started;
    if (response.headers.get('x-nextjs-cache') !== 'STALE') break;
    await settledReads(stack);
  }
  return { reads: (await settledReads(stack)) - before, ms };
}

export interface PageReads {
  path: string;
  cold: number;
  cached: number;
}

export async function measureReads(stack: Stack, paths: readonly string[]): Promise<PageReads[]> {
  const results: PageReads[] = [];
  for (const path of paths) {
    await readsOf(stack, path);
    const revalidated = await fetch(`${stack.url}/api/revalidate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${REVALIDATE_SECRET}`, 'content-type': 'application/json', origin: stack.url },
      body: JSON.stringify({ paths: [path] }),
    });
    if (!revalidated.ok) throw new Error(`POST /api/revalidate answered ${revalidated.status}`);
    const { reads: cold } = await readsOf(stack, path);
    const cached = Math.max(...[await readsOf(stack, path), await readsOf(stack, path), await readsOf(stack, path)].map((again) => again.reads));
    results.push({ path, cold, cached });
  }
  return results;
}
