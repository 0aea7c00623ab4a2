import { afterNextFrames, expect, heroPaused, test } from './screens-fixtures';

// The suite runs with reduced motion (playwright.config.ts); the hero's motion is what this spec judges.
test.use({ contextOptions: { reducedMotion: 'no-preference' } });

test('the hero plays and pauses, remembers the choice across a reload, and pauses while scrolled away', async ({ page }) => {
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const video = hero.locator('video');
  const stage = hero.locator('[data-settled]');
  await expect(video).toHaveAttribute('loop', '');
  const box = await hero.boundingBox();
  expect(box?.height).toBeLessThanOrEqual(900 * 0.8 + 1);
  expect(box?.width).toBe(1440);

  // A first visit starts the muted loop on its own.
  await expect.poll(() => heroPaused(page)).toBe(false);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);

  await hero.getByRole('button', { name: 'Pause' }).click();
  await expect.poll(() => heroPaused(page)).toBe(true);
  await expect(hero.getByRole('button', { name: 'Play', exact: true })).toBeVisible();

  await page.reload();
  await expect(stage).toHaveAttribute('data-settled', 'true');
  await expect(hero.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await heroPaused(page)).toBe(true);

  // Scrolled away and back while paused by the visitor: it stays paused.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, 0));
  await afterNextFrames(page);
  await expect(hero.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(await heroPaused(page)).toBe(true);

  // Play starts it with sound.
  await hero.getByRole('button', { name: 'Play', exact: true }).click();
  await expect.poll(() => heroPaused(page)).toBe(false);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

  await page.reload();
  await expect.poll(() => heroPaused(page)).toBe(false);
  await expect(hero.getByRole('button', { name: 'Pause' })).toBeVisible();

  // Out of view it pauses; fully back in view it plays again.
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect.poll(() => heroPaused(page)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect.poll(() => heroPaused(page)).toBe(false);
});

test('"Mais Informações" is hidden at 610 px, shown at 611 px, and reveals the featured description', async ({ page }) => {
  await page.setViewportSize({ width: 610, height: 800 });
  await page.goto('/');
  const hero = page.locator('section[aria-labelledby="hero-title"]');
  const more = hero.getByRole('button', { name: 'Mais Informações' });
  await expect(hero.getByRole('button', { name: /^(Play|Pause)$/ })).toBeVisible();
  await expect(more).toBeHidden();

  await page.setViewportSize({ width: 611, height: 800 });
  await expect(more).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  const description = hero.locator(`#${(await more.getAttribute('aria-controls'))?.replace(/:/g, '\\:')}`);
  await expect(description).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(description).toBeVisible();
  await expect(description).not.toBeEmpty();
});

test.describe('with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('the hero does not start by itself', async ({ page }) => {
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.locator('[data-settled]')).toHaveAttribute('data-settled', 'true');
    await expect(hero.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
    expect(await heroPaused(page)).toBe(true);
  });
});

const isHeroVideo = (url: string) => url.endsWith('/media/clips/hero.mp4');

test("the hero's video is fetched only once the page has loaded", async ({ page }) => {
  // A slow network for the poster keeps the page loading well past hydration.
  await page.route(
    (url) => decodeURIComponent(url.href).includes('/media/hero-poster.jpg'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      await route.continue();
    },
  );
  const events: string[] = [];
  page.on('load', () => events.push('load'));
  page.on('request', (request) => {
    if (isHeroVideo(request.url())) events.push('video');
  });
  await page.goto('/');
  await expect.poll(() => heroPaused(page)).toBe(false);
  expect(events.indexOf('load')).toBeGreaterThanOrEqual(0);
  expect(events.indexOf('video')).toBeGreaterThan(events.indexOf('load'));
});

test.describe('with Data Saver on', () => {
  test.beforeEach(async ({ page }) => {
    // The browser's own setting (Chrome's Data Saver / Lite mode), which a test cannot switch on otherwise.
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));
  });

  test('the hero does not start by itself, and its video is not downloaded until Play', async ({ page }) => {
    const videoRequests: string[] = [];
    page.on('request', (request) => {
      if (isHeroVideo(request.url())) videoRequests.push(request.url());
    });
    await page.goto('/');
    const hero = page.locator('section[aria-labelledby="hero-title"]');
    await expect(hero.locator('[data-settled]')).toHaveAttribute('data-settled', 'true');
    await page.waitForLoadState('networkidle');
    expect(await heroPaused(page)).toBe(true);
    expect(videoRequests).toEqual([]);

    await hero.getByRole('button', { name: 'Play', exact: true }).click();
    await expect.poll(() => heroPaused(page)).toBe(false);
    expect(videoRequests.length).toBeGreaterThan(0);
  });
});
