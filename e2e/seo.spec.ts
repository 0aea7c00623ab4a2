import { readFileSync } from 'node:fs';
import { expect, test } from './support/offline';
import { content, lockedVideoUrls } from './support/catalog';
import { SITE_URL } from './support/ports';

const locked = lockedVideoUrls();

/** The JSON-LD type each kind of page must carry. */
function expectedType(path: string): string | null {
  if (/^\/watch\/trailers\//.test(path)) return 'VideoObject';
  if (/^\/watch\/documentaries\//.test(path)) return 'Movie';
  if (/^\/series\/[^/]+\/season\//.test(path)) return 'TVSeason';
  if (/^\/series\//.test(path)) return 'TVSeries';
  if (/^\/short-films\//.test(path)) return 'Movie';
  return null;
}

/** The sitemap files robots.txt lists: the site's pages, then each kind of title. */
async function sitemapFiles(request: import('@playwright/test').APIRequestContext) {
  const robots = await (await request.get('/robots.txt')).text();
  return [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map((m) => m[1]!);
}

test('robots.txt allows crawling and points to the sitemap files, one per kind of title', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/User-Agent: \*\s+Allow: \//i);
  expect(await sitemapFiles(request)).toEqual(
    ['pages', 'series-0', 'shortFilms-0', 'trailers-0', 'documentaries-0'].map((id) => `${SITE_URL}/sitemap/${id}.xml`),
  );
  expect((await request.get('/sitemap/series-9.xml')).status()).toBe(404);
});

test('/sitemap.xml is a sitemap index naming exactly the files robots.txt lists, each of which answers', async ({ request }) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/xml/);
  const xml = await response.text();
  expect(xml).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?>\s*<sitemapindex xmlns="http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9">/);
  expect(xml).not.toContain('<urlset');
  const locs = [...xml.matchAll(/<sitemap>\s*<loc>([^<]+)<\/loc>\s*<\/sitemap>/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  expect(locs).toEqual(await sitemapFiles(request));
  for (const loc of locs) {
    const file = await request.get(new URL(loc).pathname);
    expect(file.status(), loc).toBe(200);
    expect(await file.text(), loc).toContain('<urlset');
  }
});

test("the build renders no sitemap file of titles ahead: a crawler's fetch renders it once, then it is served from the cache", async ({ request }) => {
  // Files of titles read their browse pages and each series' seasons: prerendered, a build's reads and time grew with the catalog.
  const { routes } = JSON.parse(readFileSync('.next/prerender-manifest.json', 'utf8')) as { routes: Record<string, unknown> };
  expect(Object.keys(routes).filter((route) => route.startsWith('/sitemap/'))).toEqual(['/sitemap/pages.xml']);
  for (const id of ['series-0', 'trailers-0']) {
    expect(await (await request.get(`/sitemap/${id}.xml`)).text()).toContain('<url>');
    const again = await request.get(`/sitemap/${id}.xml`);
    expect(again.headers()['x-nextjs-cache'], id).toBe('HIT');
    expect(await again.text()).toContain('<url>');
  }
});

test('every URL in the sitemap is a described, canonical page with valid structured data', async ({ request }) => {
  test.setTimeout(90_000);
  const urls: string[] = [];
  for (const file of await sitemapFiles(request)) {
    const sitemap = await (await request.get(new URL(file).pathname)).text();
    urls.push(...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')));
  }
  expect(urls.length).toBeGreaterThan(40);
  const paths = urls.map((url) => new URL(url).pathname);
  for (const prefix of ['/watch/trailers/', '/watch/documentaries/', '/series/', '/short-films/']) {
    expect(
      paths.some((p) => p.startsWith(prefix)),
      prefix,
    ).toBe(true);
  }
  expect(paths.some((p) => p.includes('/season/'))).toBe(true);

  for (const browse of ['/series', '/short-films', '/trailers', '/documentaries']) expect(paths, browse).toContain(browse);
  for (const url of urls) {
    const path = new URL(url).pathname;
    const response = await request.get(path + new URL(url).search);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const head = (pattern: RegExp) => html.match(pattern)?.[1];
    expect(head(/<title>([^<]+)<\/title>/), `title of ${path}`).toMatch(/ · Solenema$/);
    expect(head(/<meta name="description" content="([^"]+)"/), `description of ${path}`).toBeTruthy();
    expect(new URL(head(/<link rel="canonical" href="([^"]+)"/) ?? '').href, `canonical of ${path}`).toBe(new URL(url).href);
    const ogImage = head(/<meta property="og:image" content="([^"]+)"/);
    expect(ogImage, `og:image of ${path}`).toMatch(/^https?:\/\//);
    expect(head(/<meta name="twitter:card" content="([^"]+)"/)).toBe('summary_large_image');

    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    const type = expectedType(path);
    if (type) {
      expect(blocks, `JSON-LD on ${path}`).toHaveLength(1);
      const data = JSON.parse(blocks[0]!) as { '@context': string; '@type': string; name: string; url: string; image: string };
      expect(data['@context']).toBe('https://schema.org');
      expect(data['@type'], path).toBe(type);
      expect(data.name).toBeTruthy();
      expect(new URL(data.url).href).toBe(new URL(url).href);
      expect(data.image).toMatch(/^https?:\/\//);
    }
    for (const block of blocks)
      expect(
        locked.filter((u) => block.includes(u)),
        `JSON-LD of ${path}`,
      ).toEqual([]);
  }
});

test('a free title names its video in JSON-LD; a title without a cover gets a generated Open Graph image', async ({ request }) => {
  const html = await (await request.get('/watch/documentaries/the-last-lighthouse-keepers')).text();
  const data = JSON.parse(html.match(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/)![1]!);
  expect(data).toMatchObject({ '@type': 'Movie', isAccessibleForFree: true, contentUrl: expect.stringMatching(/^http.*\.mp4$/) });
  const ogImage = html.match(/<meta property="og:image" content="([^"]+)"/)![1]!.replace(/&amp;/g, '&');
  // The card is addressed by the title's catalog path; app/og reads its name from the catalog.
  expect(new URL(ogImage).search).toBe('?path=documentaries%2Fthe-last-lighthouse-keepers');
  const image = await request.get(new URL(ogImage).pathname + new URL(ogImage).search);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/png');
  expect((await request.get('/og')).headers()['content-type']).toBe('image/png'); // the site's own card
});

test('/og draws no text from the query string: free text, unknown and malformed paths are refused with a reason', async ({ request }) => {
  for (const [query, status] of [
    ['?title=%F0%9F%92%A5', 400],
    ['?title=Free%20SOL%20here&kind=Series', 400],
    ['?path=series/no-such-series', 404],
    ['?path=series/%F0%9F%92%A5', 404],
    ['?path=../../etc/passwd', 404],
    ['?path=%', 404],
  ] as const) {
    const response = await request.get(`/og${query}`, { timeout: 10_000 });
    expect(response.status(), query).toBe(status);
    expect(response.headers()['content-type'], query).toMatch(/^application\/json/);
    expect((await response.json()).error, query).toEqual(expect.any(String));
  }
});

test('every priced page says in JSON-LD that it is not free and where its paid part is, and that part is on the page', async ({ page }) => {
  const [trailerId] = content.trailers.find(([, t]) => t.locked)!;
  const [seriesId, series] = content.series.find(([, s]) => s.locked)!;
  const [filmId] = content.shortFilms.find(([, f]) => f.locked)!;
  const pages = [
    `/watch/trailers/${trailerId}`,
    `/series/${seriesId}`,
    `/series/${seriesId}/season/${Object.keys(series.seasons)[0]}`,
    `/short-films/${filmId}`,
  ];
  for (const path of pages) {
    await page.goto(path);
    const data = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!) as {
      isAccessibleForFree?: boolean;
      hasPart?: { '@type': string; isAccessibleForFree?: boolean; cssSelector?: string }[];
    };
    expect(data.isAccessibleForFree, path).toBe(false);
    const paywalled = data.hasPart?.find((part) => part['@type'] === 'WebPageElement');
    expect(paywalled, path).toEqual({ '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: '.paywalled' });
    await expect(page.locator(paywalled!.cssSelector!), path).toHaveCount(1);
    await expect(
      page
        .locator(paywalled!.cssSelector!)
        .getByRole('button', { name: /Pay with Solana/ })
        .first(),
      path,
    ).toBeVisible();
  }
});
