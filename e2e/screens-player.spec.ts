import type { Page } from '@playwright/test';
import { movieWithBrokenCover, movieWithoutCover } from './screens-catalog';
import { band, carouselsReady, expect, test } from './screens-fixtures';

/** The "Free" button of the first free trailer in view. */
async function firstFreeButton(page: Page) {
  await page.goto('/');
  await carouselsReady(page);
  const button = band(page, 'trailers').locator('.swiper-slide-visible').getByRole('button', { name: /^Free/ }).first();
  await expect(button).toBeVisible();
  return button;
}

test('Free opens the player in a modal that traps focus and closes by button, Escape and backdrop, returning focus', async ({ page }) => {
  const free = await firstFreeButton(page);
  const dialog = page.getByRole('dialog');
  const focusInDialog = () => page.evaluate(() => !!document.querySelector('dialog[open]')?.contains(document.activeElement));

  await free.click();
  await expect(dialog).toBeVisible();
  const close = dialog.getByRole('button', { name: 'Close player' });
  await expect(close).toBeFocused();
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect(video).toHaveAttribute('preload', 'none');
  await expect(video).toHaveAttribute('controlslist', 'nodownload');
  await expect(video).toHaveAttribute('disablepictureinpicture', '');
  await expect.poll(() => video.evaluate((media: HTMLVideoElement) => media.volume)).toBe(1);
  for (let press = 0; press < 4; press++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog()).toBe(true);
  }
  await page.keyboard.press('Shift+Tab');
  expect(await focusInDialog()).toBe(true);
  await close.click();
  await expect(dialog).toBeHidden();
  await expect(free).toBeFocused();

  await free.click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(free).toBeFocused();

  await free.click();
  await expect(dialog).toBeVisible();
  await page.mouse.click(8, 8); // the backdrop, outside the player panel
  await expect(dialog).toBeHidden();
  await expect(free).toBeFocused();
});

test('a video that cannot play shows a message in the modal, and the error is logged', async ({ page }) => {
  await page.route('**/media/clips/**', (route) => route.fulfill({ status: 404, body: 'missing' }));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const free = await firstFreeButton(page);
  await free.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('alert')).toHaveText('This video could not be played. Please try again later.');
  expect(errors.some((text) => text.includes('[player] could not play'))).toBe(true);
});

test('locked titles show a lock and "Pay with Solana", and neither card nor cover plays or opens anything', async ({ page }) => {
  await page.goto('/');
  await carouselsReady(page);
  const checked: string[] = [];
  for (const id of ['trailers', 'documentaries', 'series', 'short-films']) {
    // In a carousel, only cards in view can be clicked without sliding the row.
    const isGrid = id === 'series' || id === 'short-films';
    const cards = isGrid ? band(page, id).locator('article') : band(page, id).locator('.swiper-slide-visible article');
    const card = cards.filter({ hasText: 'Locked' }).first();
    if ((await card.count()) === 0) continue;
    await expect(card.getByRole('button', { name: /^(Pay|Pre-order) with Solana/ })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Free/ })).toHaveCount(0);
    // A card's only link is its title, to the title's own (still locked) page, so every title is reachable by links.
    await expect(card.getByRole('link')).toHaveAttribute('href', isGrid ? /^\/(series|short-films)\// : /^\/watch\/(trailers|documentaries)\//);
    await card.click({ position: { x: 24, y: 24 } });
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    checked.push(id);
  }
  expect(checked.filter((id) => id === 'trailers' || id === 'documentaries').length).toBeGreaterThan(0);
  expect(checked.filter((id) => id === 'series' || id === 'short-films').length).toBeGreaterThan(0);
});

test('a cover that fails to load is replaced by the default image', async ({ page }) => {
  await page.route(
    (url) => url.pathname === '/_next/image' && (url.searchParams.get('url') ?? '').startsWith('/media/covers/'),
    (route) => route.fulfill({ status: 404, body: 'missing' }),
  );
  await page.goto('/');
  await carouselsReady(page);
  const cover = band(page, 'trailers').locator('.swiper-slide-active img');
  await expect(cover).toHaveAttribute('src', /default-cover\.jpg/);
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  const seriesCover = band(page, 'series').locator('article img').first();
  await expect(seriesCover).toHaveAttribute('src', /default-cover\.jpg/);
});

test('titles stored without a cover, or with one that is not there, show the default image', async ({ page }) => {
  await page.goto('/');
  for (const { band: id, title } of [movieWithoutCover(), movieWithBrokenCover()]) {
    const card = band(page, id)
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(card.locator('img')).toHaveAttribute('src', /default-cover\.jpg/);
  }
});
