import { existsSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import type { APIRequestContext } from '@playwright/test';
import { clearFirestore } from './support/firestore-emulator';
import { e2eSiteEnv } from './support/global-setup';
import { BROKEN_PATH, handWrittenCatalog, writeAsOperator } from './support/hand-written-catalog';
import { expect, test } from './support/offline';
import { E2E_PORTS, HAND_WRITTEN_PROJECT_ID, HAND_WRITTEN_SITE_URL } from './support/ports';
import { run, startServer, stopServer } from './support/processes';

/**
 * The operator's catalog as the Firebase console leaves it: the seed's fields only (no sort key, no search
 * entry), one broken document, in a Firestore project of its own. A site built and started on it must show
 * it whole, and bring the operator's later edits into its pages, lists, sitemaps and search by itself.
 */
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: HAND_WRITTEN_SITE_URL });

const DIST_DIR = '.next/hand-written';
/** The server's log, one per attempt: a retry keeps the failed attempt's log to read. */
const logOf = (retry: number) => `.e2e/hand-written-site${retry ? `-retry${retry}` : ''}.log`;
/** Short, so the test sees an edit arrive; the default is 300 s. */
const SYNC_SECONDS = 3;
const CRON_SECRET = 'e2e-cron-secret-0123456789abcdef';

const catalog = handWrittenCatalog();
const db = getFirestore(initializeApp({ projectId: HAND_WRITTEN_PROJECT_ID }, 'hand-written'));
const titleDocs = catalog.filter((doc) => doc.path.split('/').length === 2 && doc.path !== BROKEN_PATH);
const titleOf = (path: string) => (catalog.find((doc) => doc.path === path)!.data as { title: string }).title;

/** A catalog path's page: `series/x` → `/series/x`, `shortFilms/f` → `/short-films/f`, `trailers/t` → `/watch/trailers/t`. */
function pageOf(path: string) {
  const [collection, id, , seasonId] = path.split('/');
  if (collection === 'series') return seasonId ? `/series/${id}/season/${seasonId}` : `/series/${id}`;
  if (collection === 'shortFilms') return `/short-films/${id}`;
  return `/watch/${collection}/${id}`;
}

let site: ChildProcess | undefined;
let log = logOf(0);

test.beforeAll(async ({}, testInfo) => {
  log = logOf(testInfo.retry);
  test.setTimeout(300_000);
  await clearFirestore(`127.0.0.1:${E2E_PORTS.firestoreEmulator}`, HAND_WRITTEN_PROJECT_ID);
  await writeAsOperator(db, catalog);
  const env = {
    ...process.env,
    ...e2eSiteEnv,
    FIREBASE_PROJECT_ID: HAND_WRITTEN_PROJECT_ID,
    NEXT_PUBLIC_SITE_URL: HAND_WRITTEN_SITE_URL,
    NEXT_DIST_DIR: DIST_DIR,
    CATALOG_SYNC_SECONDS: String(SYNC_SECONDS),
    CRON_SECRET,
  };
  if (!(process.env.E2E_SKIP_BUILD && existsSync(`${DIST_DIR}/BUILD_ID`))) await run('npx', ['next', 'build'], env);
  site = await startServer('npx', ['next', 'start', '-p', String(E2E_PORTS.handWrittenSite), '-H', '127.0.0.1'], env, HAND_WRITTEN_SITE_URL, {
    logFile: log,
  });
});

test.afterAll(() => stopServer(site));

/** Pages are cached: a change reaches a visitor after the visit that finds the page stale, so each check asks until it holds. */
const eventually = { timeout: 30_000, intervals: [500, 1_000] };
const html = async (request: APIRequestContext, path: string) => {
  const response = await request.get(path);
  return response.ok() ? await response.text() : `(${response.status()})`;
};
const links = (page: string) => [...page.matchAll(/href="([^"#]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

/** Every title page reachable from the browse pages by plain links (no JavaScript), following rel="next". */
async function reachableTitlePages(request: APIRequestContext) {
  const found = new Set<string>();
  for (const browse of ['/series', '/short-films', '/trailers', '/documentaries']) {
    for (let path: string | undefined = browse; path; ) {
      const page = await html(request, path);
      for (const link of links(page)) if (/^\/(series|short-films|watch)\/[^?]+$/.test(link)) found.add(link);
      path = page.match(/<a [^>]*href="([^"]+)" rel="next"/)?.[1]?.replace(/&amp;/g, '&');
    }
  }
  return found;
}

async function sitemapLocs(request: APIRequestContext) {
  const robots = await html(request, '/robots.txt');
  const locs: string[] = [];
  for (const [, file] of robots.matchAll(/^Sitemap: (\S+)$/gm)) {
    locs.push(
      ...[...(await html(request, new URL(file!).pathname)).matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!.replace(/&amp;/g, '&')).pathname),
    );
  }
  return new Set(locs);
}

const searchResults = async (request: APIRequestContext, query: string) =>
  [...(await html(request, `/search?q=${encodeURIComponent(query)}`)).matchAll(/<article[^>]*>[\s\S]*?href="([^"]+)"/g)].map((m) => m[1]!);

test('every kind of title written by hand is on the home page', async ({ request }) => {
  const kinds = ['series', 'shortFilms', 'trailers', 'documentaries'].map((kind) => titleDocs.find((doc) => doc.path.startsWith(`${kind}/`))!);
  await expect
    .poll(async () => {
      const home = await html(request, '/');
      return kinds.filter((doc) => !home.includes(`href="${pageOf(doc.path)}"`)).map((doc) => doc.path);
    }, eventually)
    .toEqual([]);
});

test('every title is reachable by plain links, and every series, season and short film is in the sitemaps', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = titleDocs.map((doc) => pageOf(doc.path));
  await expect
    .poll(async () => {
      const reachable = await reachableTitlePages(request);
      return pages.filter((page) => !reachable.has(page));
    }, eventually)
    .toEqual([]);
  const seasons = catalog.filter((doc) => /^series\/[^/]+\/seasons\/[^/]+$/.test(doc.path)).map((doc) => pageOf(doc.path));
  const wanted = [...pages, ...seasons];
  await expect
    .poll(async () => {
      const locs = await sitemapLocs(request);
      return wanted.filter((page) => !locs.has(page));
    }, eventually)
    .toEqual([]);
});

test('search finds a title written by hand by its exact name first, and by one of its words', async ({ request }) => {
  const series = titleDocs.find((doc) => doc.path === 'series/gen-series-7')!;
  await expect.poll(async () => (await searchResults(request, titleOf(series.path)))[0], eventually).toBe(pageOf(series.path));
  const word = titleOf(series.path).split(' ')[1]!;
  expect(await searchResults(request, word)).toContain(pageOf(series.path));
});

test('the broken document is skipped and logged; the cron route answers only its secret', async ({ request }) => {
  expect(await reachableTitlePages(request)).not.toContain(pageOf(BROKEN_PATH));
  // Logged when a list that reaches it is read: the trailers' list, once the sync has indexed the catalog.
  const logAfterVisit = async () => (await html(request, '/trailers'), readFileSync(log, 'utf8'));
  await expect.poll(logAfterVisit, eventually).toContain(`[catalog] skipped ${BROKEN_PATH}: title:`);
  const refused = await request.get('/api/cron/catalog-sync');
  expect(refused.status()).toBe(401);
  expect((await refused.json()).error).toMatch(/CRON_SECRET/);
  expect((await request.get('/api/cron/catalog-sync', { headers: { Authorization: 'Bearer wrong-secret-0123456789' } })).status()).toBe(401);
  const synced = await request.get('/api/cron/catalog-sync', { headers: { Authorization: `Bearer ${CRON_SECRET}` } });
  expect(synced.status()).toBe(200);
});

test("the operator's console edits (rename, new series with seasons and episodes, deleted short film) show with no command", async ({ request }) => {
  test.setTimeout(120_000);
  const renamed = 'Lighthouse Keepers Reunion';
  await db.doc('series/gen-series-5').update({ title: renamed });
  await writeAsOperator(db, [
    {
      id: 'hand-new',
      path: 'series/hand-new',
      data: { title: 'Brand New Voyage', coverimg: '', description: 'Added by hand.', locked: false, totalSeasons: 1, episodeCount: 2 },
    },
    { id: 's1', path: 'series/hand-new/seasons/s1', data: { title: 'Season 1', coverimg: '', description: '', seasonNumber: 1, totalEpisodes: 2 } },
    ...[1, 2].map((n) => ({
      id: `e${n}`,
      path: `series/hand-new/seasons/s1/episodes/e${n}`,
      data: { episodeNumber: n, title: `Crossing part ${n}`, coverimg: '', videourl: '/media/clips/nebula.mp4' },
    })),
  ]);
  // The console deletes the document; its episodes stay behind, as they do in Firestore.
  await db.doc('shortFilms/gen-film-3').delete();
  const gone = titleOf('shortFilms/gen-film-3');

  await expect.poll(async () => (await html(request, '/series/gen-series-5')).includes(renamed), eventually).toBe(true);
  await expect.poll(async () => (await searchResults(request, renamed))[0], eventually).toBe('/series/gen-series-5');
  await expect.poll(async () => (await searchResults(request, 'voyage'))[0], eventually).toBe('/series/hand-new');
  await expect.poll(async () => (await searchResults(request, gone)).includes('/short-films/gen-film-3'), eventually).toBe(false);
  await expect
    .poll(async () => {
      const locs = await sitemapLocs(request);
      return [locs.has('/series/hand-new'), locs.has('/series/hand-new/season/s1'), locs.has('/short-films/gen-film-3')];
    }, eventually)
    .toEqual([true, true, false]);
  await expect.poll(async () => (await reachableTitlePages(request)).has('/series/hand-new'), eventually).toBe(true);
  expect((await request.get('/short-films/gen-film-3')).status()).toBe(404);
  // The server's own schedule is never refused for the rate (it was, in a busy minute: edits then waited for the next one).
  expect(readFileSync(log, 'utf8')).not.toMatch(/could not sync \(429/);
});
