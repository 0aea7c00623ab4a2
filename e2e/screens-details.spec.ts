import { content } from './support/catalog';
import { emptySeason } from './screens-catalog';
import { band, expect, test } from './screens-fixtures';

test('series → season → back: the grid card opens the series, its seasons open, and the back buttons return', async ({ page }) => {
  await page.goto('/');
  const seriesCard = band(page, 'series')
    .locator('article')
    .filter({ has: page.getByRole('link', { name: /^Watch Now/ }) })
    .first();
  const seriesTitle = (await seriesCard.getByRole('heading').textContent()) ?? '';
  await seriesCard.click({ position: { x: 24, y: 24 } }); // the whole card opens (here: a click on its cover)
  await expect(page).toHaveURL(/\/series\/[\w-]+$/);
  const seriesUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seriesTitle);
  await expect(page.getByRole('heading', { level: 2, name: 'Seasons' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('img', { name: `${seriesTitle} cover` })).toBeVisible();

  const seasonCard = band(page, 'seasons').locator('article').first();
  const seasonTitle = (await seasonCard.getByRole('heading').textContent()) ?? '';
  await seasonCard.getByRole('link', { name: /^Watch Now/ }).click();
  await expect(page).toHaveURL(new RegExp(`^${seriesUrl}/season/[\\w-]+$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(seasonTitle);
  await expect(page.getByRole('main').getByText(seriesTitle).first()).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();

  await page.getByRole('link', { name: `Back to ${seriesTitle}` }).click();
  await expect(page).toHaveURL(seriesUrl);
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');

  // A season id that does not belong to the series is a 404 too.
  const response = await page.goto(`${seriesUrl}/season/no-such-season`);
  expect(response?.status()).toBe(404);
});

test('a short film shows its title, description and episodes, with a way back home', async ({ page }) => {
  await page.goto('/');
  const card = band(page, 'short-films')
    .locator('article')
    .filter({ has: page.getByRole('link', { name: /^Watch Now/ }) })
    .first();
  const title = (await card.getByRole('heading').textContent()) ?? '';
  await card.getByRole('link', { name: /^Watch Now/ }).click();
  await expect(page).toHaveURL(/\/short-films\/[\w-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();
  await expect(band(page, 'episodes').locator('article').first()).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
});

test('a season without episodes says so', async ({ page }) => {
  const { seriesId, seasonId } = emptySeason();
  await page.goto(`/series/${seriesId}/season/${seasonId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();
  await expect(band(page, 'episodes')).toContainText('No episodes available for this season.');
  await expect(band(page, 'episodes').locator('article')).toHaveCount(0);
});

test('a trailer’s page ends with more trailers, never itself, each only a way to its page; at 390 and 1440 px', async ({ page }) => {
  const [trailerId] = content.trailers[0]!;
  for (const [name, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto(`/watch/trailers/${trailerId}`);
    const related = band(page, 'related');
    await expect(related.getByRole('heading', { level: 2, name: 'More trailers' })).toBeVisible();
    const cards = related.locator('article');
    expect(await cards.count()).toBeGreaterThan(0);
    expect(await cards.count()).toBeLessThanOrEqual(6);
    await expect(related.locator(`a[href="/watch/trailers/${trailerId}"]`)).toHaveCount(0);
    // No Play, buy or rent button among them: the page's own buttons are the only ones that act on a title here.
    await expect(related.getByRole('button')).toHaveCount(0);
    await related.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`related-${name}.png`), fullPage: true });
  }
  const first = band(page, 'related').locator('article').first();
  const title = (await first.getByRole('heading').textContent())?.replace(/\s*\(.*\)$/, '') ?? '';
  await first.click({ position: { x: 24, y: 24 } });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
});
