import type { Page } from '@playwright/test';
import { expect, test } from './support/offline';
import { PHONE } from './support/ports';
import { payRequest, scanQrCode } from './support/solana-pay-wallet';

const results = (page: Page) => page.locator('[data-search-page] article');
const summary = (page: Page) => page.locator('[data-search-summary]');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the header form searches from any page; results of every kind link to their pages', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').fill('night');
    await page.getByRole('search', { name: 'Site search' }).getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/search?q=night');
    await expect(page.getByRole('heading', { level: 1, name: 'Find a title' })).toBeVisible();
    await expect(summary(page)).toHaveText(/^\d+ results for “night”\.$/);
    // Best first: a title that starts with the word, then titles holding it as a word, then descriptions.
    await expect(results(page).first().getByRole('link')).toHaveAccessibleName('Night Market Kitchens (Documentary)');
    for (const kind of ['documentary', 'season', 'episode', 'trailer', 'series', 'shortFilm']) {
      await expect(page.locator(`[data-search-page] article[data-kind="${kind}"]`).first(), kind).toBeVisible();
    }
    const season = page.getByRole('link', { name: 'Season 1: Night Shift (Season, locked)' });
    await expect(season).toHaveAttribute('href', '/series/harbor-lights/season/season-one');
    await expect(page.locator('article', { has: season }).getByText('Locked', { exact: true })).toBeVisible();
    await expect(page.locator('article', { has: season })).toContainText('Harbor Lights · Season 1');

    await results(page).first().getByRole('link').click();
    await expect(page).toHaveURL('/watch/documentaries/night-market-kitchens');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Night Market Kitchens');
  });

  test('the results page field is a plain form; matching ignores case and accents', async ({ page }) => {
    await page.goto('/search?q=H%C3%81RBOR');
    await expect(results(page).first().getByRole('link')).toHaveAccessibleName('Harbor Lights (Series, locked)');
    const field = page.getByRole('search', { name: 'Search titles' }).getByRole('searchbox');
    await expect(field).toHaveValue('HÁRBOR');
    await field.fill('salt road');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL('/search?q=salt+road');
    await expect(results(page).first().getByRole('link')).toHaveAccessibleName('The Salt Road (Series)');
  });

  test('a word found only inside a word of a description finds its title', async ({ page }) => {
    await page.goto('/search?q=NFLOWER');
    await expect(summary(page)).toHaveText('1 result for “NFLOWER”.');
    await expect(results(page).first().getByRole('link')).toHaveAccessibleName('Beneath the Kelp Canopy (Documentary)');
  });
});

test('with JavaScript, results follow the typing without a page load', async ({ page }) => {
  await page.goto('/search');
  await expect(summary(page)).toHaveText(/^Type a title/);
  await page.evaluate(() => ((window as unknown as { searchMarker: number }).searchMarker = 42));
  const resultRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/search') resultRequests.push(request.url());
  });

  const field = page.getByRole('search', { name: 'Search titles' }).getByRole('searchbox');
  await field.pressSequentially('harbor', { delay: 40 });
  await expect(page).toHaveURL('/search?q=harbor');
  await expect(results(page).first().getByRole('link')).toHaveAccessibleName('Harbor Lights (Series, locked)');
  // Still the same document, field and focus: no navigation happened, only a server re-render.
  expect(await page.evaluate(() => (window as unknown as { searchMarker?: number }).searchMarker)).toBe(42);
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('harbor');
  // Debounced: six keystrokes did not ask the server six times.
  expect(resultRequests.length).toBeLessThan(6);

  await field.pressSequentially(' master');
  await expect(results(page)).toHaveCount(1);
  await expect(results(page).first().getByRole('link')).toHaveAccessibleName('The Harbor Master (Episode, locked)');
  await field.fill('');
  await expect(summary(page)).toHaveText(/^Type a title/);
  await expect(page).toHaveURL('/search');
  expect(await page.evaluate(() => (window as unknown as { searchMarker?: number }).searchMarker)).toBe(42);
});

test('a search without matches, and one without letters, say so', async ({ page }) => {
  await page.goto('/search?q=zzqxv');
  await expect(summary(page)).toHaveText('No titles match “zzqxv”. Check the spelling, or try fewer or other words.');
  await expect(results(page)).toHaveCount(0);
  await page.goto('/search?q=%F0%9F%8E%AC%20!!');
  await expect(summary(page)).toHaveText('Nothing to search for in “🎬 !!”: type some letters or numbers.');
});

test('search pages are noindex and not in the sitemap', async ({ page, request }) => {
  await page.goto('/search?q=night');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page).toHaveTitle('Search · Solenema');
  // Every sitemap file robots.txt lists.
  const robots = await (await request.get('/robots.txt')).text();
  const files = [...robots.matchAll(/^Sitemap: (\S+)$/gm)].map(([, url]) => new URL(url!).pathname);
  expect(files.length).toBeGreaterThan(0);
  for (const file of files) {
    const sitemap = await (await request.get(file)).text();
    expect(sitemap, file).toContain('<loc>');
    expect(sitemap, file).not.toContain('/search');
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('the header search is an icon that opens the field', async ({ page }) => {
    await page.goto('/');
    const form = page.getByRole('search', { name: 'Site search' });
    await expect(form).toBeHidden();
    await page.locator('summary', { hasText: 'Show search' }).click();
    await expect(form.getByRole('searchbox')).toBeVisible();
    const box = await form.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= PHONE.width).toBe(true);
    await form.getByRole('searchbox').fill('static bloom');
    await form.getByRole('searchbox').press('Enter');
    await expect(page).toHaveURL('/search?q=static+bloom');
    await expect(results(page).first().getByRole('link')).toHaveAccessibleName('Static Bloom (Short film)');
  });
});

test('malformed searches get a page with a note or a 4xx, never a 5xx', async ({ request }) => {
  const answers: [string, number, RegExp?][] = [
    [`/search?q=${'night%20'.repeat(1500)}`, 200, /only its first 100 were searched/],
    ['/search?q=harbor&q=salt', 200, /only the first was used/],
    ['/search?q[]=x&q[a]=y', 200, /Type a title/],
    ['/search?q=%', 200],
    ['/search?q=%E0%A4%A', 200],
    ['/search?q=%ED%A0%80%00', 200],
    ['/search?q=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 200, /No titles match “&lt;script&gt;alert\(1\)&lt;\/script&gt;”/],
    [`/search?q=${encodeURIComponent('\u202E\u200B𝐧𝐢𝐠𝐡𝐭 ｎｉｇｈｔ')}`, 200],
  ];
  for (const [path, status, text] of answers) {
    const response = await request.get(path);
    expect(response.status(), path.slice(0, 80)).toBe(status);
    const html = await response.text();
    expect(html, path.slice(0, 80)).toContain('data-search-summary');
    if (text) expect(html, path.slice(0, 80)).toMatch(text);
  }
  // A request line past Node's limit is refused before the site (431), still not a 5xx.
  expect((await request.get(`/search?q=${'a'.repeat(20_000)}`)).status()).toBe(431);
});

test('a title this browser bought shows as in its library, with its seasons and episodes', async ({ page }) => {
  await page.goto('/series/harbor-lights');
  await page
    .getByRole('button', { name: /Pay with Solana/ })
    .first()
    .click();
  const url = await scanQrCode(page.getByRole('dialog').getByRole('img', { name: /Solana Pay QR code/ }));
  await payRequest(url);
  await expect(page.getByRole('dialog').locator('video')).toBeAttached({ timeout: 15_000 });

  await page.goto('/search?q=harbor');
  const series = results(page).filter({ has: page.getByRole('link', { name: /^Harbor Lights \(Series/ }) });
  await expect(series.getByRole('link')).toHaveAccessibleName('Harbor Lights (Series, in your library)');
  await expect(series.locator('[data-owned]')).toBeAttached();
  await expect(results(page).getByRole('link', { name: 'The Harbor Master (Episode, in your library)' })).toBeVisible();
  await expect(results(page).locator('[data-lock-badge]')).toHaveCount(0);
});
