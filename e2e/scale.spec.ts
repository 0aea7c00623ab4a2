import { readFileSync } from 'node:fs';
import type { APIRequestContext } from '@playwright/test';
import { writeCatalog } from '../lib/catalog/seed-writer';
import { browserCookieValue, newBrowserId } from '../lib/identity/browser-cookie';
import { LOOKUPS, RANK_KEY, SEARCH_COLLECTION } from '../lib/catalog/search-entries';
import { sitePaths } from './support/catalog';
import { generateCatalog, TEST_CATALOG } from './support/generated-catalog';
import { grantInLedger, ownerCookies } from './support/owner';
import { siteFirestore } from './support/site-firestore';
import { expect, test } from './support/offline';
import { E2E_ENTITLEMENT_SECRET, E2E_REVALIDATE_SECRET, READS_URL, SAME_ORIGIN, SITE_LOG } from './support/ports';

/**
 * The catalog at a scale CI affords (TEST_CATALOG: ~130 series, a series of 60 seasons, a season and a short
 * film of 130 episodes, ~120 movies) written into the shared Firestore after every other spec has run
 * (project "scale"): pages stay small, reads follow what a page shows, every title is reachable by links.
 */
const MAX_PAGE_BYTES = 400 * 1024;
const generated = generateCatalog(TEST_CATALOG);

test.describe.configure({ mode: 'serial' });

/** The Firestore documents the site has read so far, and its reads still running, by its own count (READ_COUNTER=1). */
async function readCounter(request: APIRequestContext): Promise<{ reads: number; inFlight: number }> {
  const response = await request.get(READS_URL);
  if (!response.ok()) throw new Error(`GET ${READS_URL}: ${response.status()}`);
  return (await response.json()) as { reads: number; inFlight: number };
}

const siteReads = async (request: APIRequestContext) => (await readCounter(request)).reads;

/**
 * Reads (Firestore documents) one request of `path` costs, and the page it answered. A request answered from a
 * stale cache entry refreshes it after answering (stale-while-revalidate): those reads are its cost too, so
 * the count is taken once the reads have stopped.
 */
async function measure(request: APIRequestContext, path: string) {
  const before = await siteReads(request);
  const response = await request.get(path);
  const html = await response.text();
  return { status: response.status(), html, reads: (await settledReads(request)) - before };
}

/** The site's read count once no read is running and none answered for a second (a query can take the emulator seconds). */
async function settledReads(request: APIRequestContext) {
  let last = await readCounter(request);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = await readCounter(request);
    if (now.reads === last.reads && now.inFlight === 0 && last.inFlight === 0) return now.reads;
    last = now;
  }
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(120_000);
  const db = siteFirestore();
  await writeCatalog(db, generated);
  // What a writer does after writing: the lists and search change (stale-while-revalidate), then settle.
  const data = { titles: ['series', 'shortFilms', 'trailers', 'documentaries'] };
  expect((await request.post('/api/revalidate', { headers: { Authorization: `Bearer ${E2E_REVALIDATE_SECRET}` }, data })).status()).toBe(200);
  for (const path of ['/', '/series', '/short-films', '/trailers', '/documentaries']) await request.get(path);
  // Google's emulator scans a collection for each query and answers its first ones several times slower (a JVM
  // warming up): one lookup of each kind here, so the site's first search is measured, not the emulator's warm-up.
  for (const { field, limit } of LOOKUPS) await db.collection(SEARCH_COLLECTION).where(field, 'array-contains', 'warm').orderBy(RANK_KEY).limit(limit).get();
  await new Promise((resolve) => setTimeout(resolve, 3_000));
});

test('a page never rendered reads about what it shows, and nothing once rendered', async ({ request }) => {
  test.setTimeout(180_000);
  const bounds: [path: string, reads: number][] = [
    // The series, one page of 48 seasons (+1), and nothing else.
    ['/series/gen-long-series', 52],
    // The series, the season, 30 episodes (+1), the next seasons' first episodes.
    ['/series/gen-series-7/season/s1', 40],
    ['/series/gen-long-season/season/s1', 40],
    ['/series/gen-long-season/season/s1/episodes/30', 2 * 31 + 4],
    ['/short-films/gen-long-film', 35],
    ['/watch/trailers/gen-trailers-42', 2],
  ];
  // A browse page past the first: its 48 titles (+1) and the page before it (+1).
  const next = (await (await request.get('/series')).text()).match(/<a [^>]*href="([^"]+)" rel="next"/)?.[1]?.replace(/&amp;/g, '&');
  expect(next).toMatch(/^\/series\?after=/);
  bounds.push([next!, 2 * 49]);
  for (const [path, bound] of bounds) {
    const cold = await measure(request, path);
    expect(cold.status, path).toBe(200);
    expect(cold.reads, `reads of ${path} never rendered`).toBeLessThanOrEqual(bound);
    expect(cold.reads, `reads of ${path} never rendered`).toBeGreaterThan(0);
    const warm = await measure(request, path);
    expect(warm.reads, `reads of ${path} once rendered`).toBe(0);
  }
});

test('a search reads at most a couple of hundred documents, and nothing when asked again', async ({ request }) => {
  test.setTimeout(120_000);
  for (const query of ['amber', 'a', 'meridian drift', 'eridia', 'zzqx']) {
    const path = `/search?q=${encodeURIComponent(query)}`;
    const cold = await measure(request, path);
    expect(cold.status).toBe(200);
    expect(cold.reads, `reads of "${query}"`).toBeLessThanOrEqual(200);
    expect((await measure(request, path)).reads, `reads of "${query}" asked again`).toBe(0);
  }
  expect((await measure(request, '/search?q=eridia')).html).toContain('Meridian');
});

test('a burst of visitors searching at once after an edit costs at most two searches of reads, not one a visitor', async ({ request }) => {
  test.setTimeout(120_000);
  const path = '/search?q=willow';
  const alone = await measure(request, path);
  expect(alone.reads).toBeGreaterThan(0);
  // An edit's revalidation: every search is stale, and the next visitors' answers refresh it behind them.
  const data = { titles: ['trailers'] };
  expect((await request.post('/api/revalidate', { headers: { Authorization: `Bearer ${E2E_REVALIDATE_SECRET}` }, data })).status()).toBe(200);
  const before = await settledReads(request);
  const answers = await Promise.all(Array.from({ length: 12 }, () => request.get(path)));
  for (const answer of answers) expect(answer.status()).toBe(200);
  expect((await settledReads(request)) - before, `12 visitors' reads, one search alone read ${alone.reads}`).toBeLessThanOrEqual(2 * alone.reads);
});

test('a checkout, a library and a playback link read a handful of documents, for a series of 60 seasons too', async ({ request }) => {
  for (const path of ['series/gen-long-series', 'series/gen-long-season/seasons/s1/episodes/s1e130', 'documentaries/gen-documentaries-6']) {
    const before = await siteReads(request);
    const response = await request.post('/api/checkout', { data: { path }, headers: SAME_ORIGIN });
    expect(response.status(), path).toBe(path.includes('episodes') ? 409 : 200);
    expect((await siteReads(request)) - before, path).toBeLessThanOrEqual(3);
  }
  // A buyer of both long shows, as the ledger records it: what it owns is two paths, and a link is one video's.
  const id = newBrowserId();
  for (const path of ['series/gen-long-series', 'series/gen-long-season']) {
    await grantInLedger(id, path, `scale-${path.split('/')[1]}`);
  }
  const headers = { Cookie: ownerCookies(id, browserCookieValue(E2E_ENTITLEMENT_SECRET, id)) };
  for (const [path, bound] of [
    ['/api/entitlements', 2],
    ['/api/playback?video=series/gen-long-series/seasons/s60/episodes/s60e1', 5],
    ['/api/playback?video=series/gen-long-season/seasons/s1/episodes/s1e130', 5],
  ] as const) {
    const before = await siteReads(request);
    const response = await request.get(path, { headers });
    expect(response.status(), path).toBe(200);
    expect(Buffer.byteLength(await response.text()), path).toBeLessThan(1024);
    expect((await settledReads(request)) - before, path).toBeLessThanOrEqual(bound);
  }
});

test('receipt pages read nothing for a browser with a forged owner hint, and a buyer opening them again and again is stopped at a bound', async ({
  request,
}) => {
  // A cookie this server signed (cookies are free) and the readable hint anyone can set, with no owner proof.
  const forger = newBrowserId();
  const forged = { Cookie: `solenema_browser=${browserCookieValue(E2E_ENTITLEMENT_SECRET, forger)}; solenema_owns=1` };
  const signature = '5'.repeat(88);
  await request.get('/purchases');
  await settledReads(request);
  const before = await siteReads(request);
  for (let i = 0; i < 20; i += 1) {
    for (const path of ['/purchases', `/purchases/${signature.slice(0, 87 - (i % 3))}`]) {
      const response = await request.get(path, { headers: forged });
      expect(response.status(), path).toBe(200);
      expect(await response.text()).toContain('Confirming this browser’s purchases');
    }
  }
  expect((await settledReads(request)) - before, 'reads of 40 receipt pages with a forged hint').toBe(0);

  // A real buyer (the owner proof) reads its receipts, up to RECEIPT_PAGES_PER_MINUTE (30) a minute; then nothing.
  const buyer = newBrowserId();
  await grantInLedger(buyer, 'documentaries/gen-documentaries-6', 'scale-receipts');
  const proven = { Cookie: ownerCookies(buyer, browserCookieValue(E2E_ENTITLEMENT_SECRET, buyer)) };
  const statuses: number[] = [];
  for (let i = 0; i < 30; i += 1) statuses.push((await request.get('/purchases', { headers: proven })).status());
  expect(statuses.every((status) => status === 200)).toBe(true);
  await settledReads(request);
  const afterBound = await siteReads(request);
  for (let i = 0; i < 10; i += 1) {
    const response = await request.get('/purchases', { headers: proven });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('opened its receipts many times in the last minute');
  }
  expect((await settledReads(request)) - afterBound, 'reads past the bound').toBe(0);
});

test('every title is reachable from / by plain links, every page is under 400 KB, and no cached value is over 2 MB', async ({ request }) => {
  test.setTimeout(300_000);
  const seen = new Map<string, number>();
  const queue = ['/'];
  const follows = /^\/(series|short-films|trailers|documentaries|watch)(\/|\?|$)/;
  while (queue.length > 0) {
    const batch = queue.splice(0, 4);
    await Promise.all(
      batch.map(async (path) => {
        const response = await request.get(path);
        expect(response.status(), path).toBe(200);
        const html = await response.text();
        seen.set(path, Buffer.byteLength(html));
        for (const [, href] of html.matchAll(/<a [^>]*href="([^"#]+)"/g)) {
          const link = href!.replace(/&amp;/g, '&');
          if ((follows.test(link) || link === '/') && !seen.has(link) && !queue.includes(link)) {
            seen.set(link, 0);
            queue.push(link);
          }
        }
      }),
    );
  }
  const titlePages = new Set([...sitePaths().filter((path) => follows.test(path)), ...generatedPages()]);
  expect([...titlePages].filter((path) => !seen.has(path))).toEqual([]);
  const largest = [...seen].reduce((most, page) => (page[1] > most[1] ? page : most));
  expect(largest[1], `largest page ${largest[0]}`).toBeLessThan(MAX_PAGE_BYTES);
  expect(readFileSync(SITE_LOG, 'utf8')).not.toMatch(/over 2 ?MB/i);
});

test('the sitemap files hold every title and browse page, each file under 50,000 URLs', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  const files = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => new URL(m[1]!).pathname);
  // The files were built before the catalog grew: the first request after the writer's revalidation serves the
  // last good file and renders the new one (stale-while-revalidate), as it does for a crawler.
  for (const file of files) await request.get(file);
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const listed = new Set<string>();
  for (const file of files) {
    const urls = [...(await (await request.get(file)).text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')));
    expect(urls.length, file).toBeLessThanOrEqual(50_000);
    for (const url of urls) listed.add(url.pathname + url.search);
  }
  const firstSeasons = generatedPages().filter((path) => !/\/season\/s(49|[5-9]\d)$/.test(path));
  expect(firstSeasons.filter((path) => !listed.has(path))).toEqual([]);
  // The rest of a long series and of a long short film: the pages that continue their first, linked onward from there.
  expect([...listed].filter((path) => /^\/series\/gen-long-series\/seasons\/[^/]+$/.test(path))).toHaveLength(1);
  expect([...listed].filter((path) => /^\/short-films\/gen-long-film\/episodes\/[^/]+$/.test(path))).toHaveLength(1);
  expect([...listed].filter((path) => path.startsWith('/series?after=')).length).toBeGreaterThanOrEqual(2);
});

/** The pages of every generated title: series, seasons, short films, trailers and documentaries. */
function generatedPages(): string[] {
  return generated.flatMap(({ path }) => {
    const [root, id, sub, subId, leaf] = path.split('/');
    if (leaf || (sub && sub !== 'seasons')) return [];
    if (root === 'series') return [sub ? `/series/${id}/season/${subId}` : `/series/${id}`];
    if (root === 'shortFilms') return [`/short-films/${id}`];
    return [`/watch/${root}/${id}`];
  });
}
