import { band, expect, test } from './screens-fixtures';

test.use({ javaScriptEnabled: false });

test('every route renders its content from the server, without JavaScript', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#hero-title')).not.toBeEmpty();
  for (const heading of ['Trailers', 'Documentaries', 'Popular Short Films', 'Popular Series']) {
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
  }
  for (const id of ['trailers', 'documentaries', 'short-films', 'series']) {
    await expect(band(page, id).locator('article h3').first()).not.toBeEmpty();
  }
  await expect(page.getByRole('status')).toHaveCount(0); // no loading placeholder left on screen

  const seriesHref = await band(page, 'series')
    .getByRole('link', { name: /^Watch Now/ })
    .first()
    .getAttribute('href');
  const filmHref = await band(page, 'short-films')
    .getByRole('link', { name: /^Watch Now/ })
    .first()
    .getAttribute('href');

  await page.goto(seriesHref ?? '');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  const seasonHref = await band(page, 'seasons').getByRole('link').first().getAttribute('href');
  await page.goto(seasonHref ?? '');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { level: 2, name: 'Episodes' })).toBeVisible();

  await page.goto(filmHref ?? '');
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(band(page, 'episodes').locator('article h3').first()).not.toBeEmpty();

  const pages: [string, RegExp][] = [
    ['/solenema-wallet', /Install the Phantom extension/],
    ['/ai-agent', /over 30 languages/],
    ['/contact', /Contact Us/],
  ];
  for (const [path, text] of pages) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText(text);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Solenema', exact: true })).toBeVisible();
  }
  await expect(page.getByLabel('Email')).toBeVisible();
});
