import type { Locator, Page } from '@playwright/test';
import { content } from './support/catalog';
import { expect, test } from './support/offline';

// A free trailer with the longest embedded clip (8 s), so there is room to stop in the middle.
const [trailerId, trailer] = content.trailers.find(([, t]) => !t.locked && t.videourl.endsWith('/hero.mp4'))!;
const trailerPage = `/watch/trailers/${trailerId}`;

// A free documentary packaged as an adaptive stream (5 s): what a file keeps, a stream keeps.
const [streamId, streamTitle] = content.documentaries.find(([, t]) => !t.locked && t.videourl.startsWith('stream:'))!;

const currentTime = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.currentTime);
const paused = (video: Locator) => video.evaluate((v: HTMLVideoElement) => v.paused);

/** Opens the trailer's player from its page and returns the dialog and its video. */
async function openPlayer(page: Page) {
  await page.getByRole('button', { name: /^Free/ }).first().click();
  const dialog = page.getByRole('dialog');
  return { dialog, video: dialog.locator('video') };
}

/** Plays until at least `seconds`, pauses, and closes the player. */
async function watchUntil(page: Page, seconds: number) {
  const { dialog, video } = await openPlayer(page);
  await expect.poll(() => currentTime(video), { timeout: 15_000 }).toBeGreaterThanOrEqual(seconds);
  await video.evaluate((v: HTMLVideoElement) => v.pause());
  const stoppedAt = await currentTime(video);
  await dialog.getByRole('button', { name: 'Close player' }).click();
  return stoppedAt;
}

test.describe('continue watching', () => {
  test('the player remembers where the viewer stopped and offers to resume there after a reload', async ({ page }) => {
    await page.goto(trailerPage);
    const stoppedAt = await watchUntil(page, 3);
    await page.reload();

    const { dialog, video } = await openPlayer(page);
    const resume = dialog.getByRole('button', { name: `Resume from 0:0${Math.floor(stoppedAt)}` });
    await expect(resume).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Start over' })).toBeVisible();
    // It waits for the choice rather than starting from 0.
    expect(await paused(video)).toBe(true);
    await resume.click();
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(Math.floor(stoppedAt));
    await expect.poll(() => paused(video)).toBe(false);
    await dialog.getByRole('button', { name: 'Close player' }).click();

    const again = await openPlayer(page);
    // Where playback starts, read as it starts: by the time a poll sees it playing, a slow host has played on for seconds.
    const startsAt = again.video.evaluate(
      (v: HTMLVideoElement) => new Promise<number>((resolve) => v.addEventListener('playing', () => resolve(v.currentTime), { once: true })),
    );
    await again.dialog.getByRole('button', { name: 'Start over' }).click();
    expect(await startsAt).toBeLessThan(1);
  });

  test('a packaged stream is resumed where the viewer stopped, and its title reaches Media Session', async ({ page }) => {
    await page.goto(`/watch/documentaries/${streamId}`);
    const first = await openPlayer(page);
    await expect(first.dialog.locator('hls-video')).toHaveCount(1);
    await expect.poll(() => page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(streamTitle.title);
    // Back to the start before closing: a slow host may have played past the 2 s worth resuming, and the next open
    // would then wait on "Resume from" instead of playing.
    await first.video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 0;
    });
    await first.dialog.getByRole('button', { name: 'Close player' }).click();
    const stoppedAt = await watchUntil(page, 2);
    await page.reload();

    const { dialog, video } = await openPlayer(page);
    await dialog.getByRole('button', { name: `Resume from 0:0${Math.floor(stoppedAt)}` }).click();
    await expect.poll(() => currentTime(video)).toBeGreaterThanOrEqual(Math.floor(stoppedAt));
    await expect.poll(() => paused(video)).toBe(false);
  });

  test('a video watched to the end is forgotten', async ({ page }) => {
    await page.goto(trailerPage);
    await watchUntil(page, 3);
    const { dialog, video } = await openPlayer(page);
    await dialog.getByRole('button', { name: /Resume from/ }).click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 15_000 }).toBe(true);
    await dialog.getByRole('button', { name: 'Close player' }).click();
    await page.reload();
    const next = await openPlayer(page);
    await expect.poll(() => currentTime(next.video), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(next.dialog.getByRole('button', { name: /Resume from/ })).toHaveCount(0);
  });

  test('home shows "Continue watching" only when there is something, with progress, without shifting the page', async ({ page, request }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Continue watching' })).toHaveCount(0);
    // The prerendered page is the same for everyone: nothing personal in it.
    expect(await (await request.get('/')).text()).not.toContain('from Continue watching');

    await page.goto(trailerPage);
    await watchUntil(page, 3);
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number };
      w.__shift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) w.__shift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/');
    const row = page.getByRole('region', { name: 'Continue watching' });
    await expect(row).toBeVisible();
    const card = row.locator('article').filter({ has: page.getByRole('heading', { name: trailer.title }) });
    const progress = card.getByRole('progressbar');
    await expect(progress).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
    await expect(card.getByRole('link', { name: trailer.title })).toHaveAttribute('href', trailerPage);
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBeLessThan(0.01);

    await card.getByRole('button', { name: /^Resume/ }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: /Resume from/ })).toBeVisible();
    // Resumed from the row, a free video keeps its subtitles.
    await expect(page.getByRole('dialog').getByLabel('Subtitles')).toBeVisible();
    await page.getByRole('dialog').getByRole('button', { name: 'Close player' }).click();
    await card.getByRole('button', { name: `Remove ${trailer.title} from Continue watching` }).click();
    await expect(row).toHaveCount(0);
  });
});

test.describe('player keys and lock screen', () => {
  test('Space/K play and pause, M mutes, arrows seek 5 s, F goes fullscreen; the title reaches Media Session', async ({ page }) => {
    await page.goto(trailerPage);
    const { dialog, video } = await openPlayer(page);
    await expect.poll(() => paused(video), { timeout: 15_000 }).toBe(false);
    await video.evaluate((v: HTMLVideoElement) => v.focus());
    await page.keyboard.press('k');
    await expect.poll(() => paused(video)).toBe(true);
    await page.keyboard.press(' ');
    await expect.poll(() => paused(video)).toBe(false);
    await page.keyboard.press('k');
    await expect.poll(() => paused(video)).toBe(true);

    await page.keyboard.press('m');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await page.keyboard.press('m');
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(false);

    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = 1));
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => currentTime(video)).toBeCloseTo(6, 0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => currentTime(video)).toBeCloseTo(1, 0);

    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement !== null)).toBe(true);
    await page.keyboard.press('f');
    await expect.poll(() => page.evaluate(() => document.fullscreenElement === null)).toBe(true);

    expect(await page.evaluate(() => navigator.mediaSession.metadata?.title)).toBe(trailer.title);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => navigator.mediaSession.metadata)).toBeNull();
  });
});

test.describe('the player outlives the card that opened it', () => {
  test('the first click on a home card plays and stays open while the row becomes a carousel; focus comes back after', async ({ page }) => {
    await page.goto('/');
    // No interaction before this click: it is the one that turns the rows into Swipers (re-rendering their cards).
    const free = page.locator('section[aria-labelledby="trailers-heading"] article').getByRole('button', { name: /^Free/ }).first();
    const name = await free.getAttribute('data-opener');
    await free.click();
    const dialog = page.getByRole('dialog');
    await expect(page.locator('section[aria-labelledby="trailers-heading"] .swiper-initialized')).toHaveCount(1, { timeout: 15_000 });
    await page.waitForTimeout(500);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Close player' }).click();
    await expect(page.locator(`[data-opener="${name}"]:focus`)).toHaveCount(1);
  });
});

test.describe('next episode', () => {
  // A free series whose first season ends on a free episode and whose second season starts free,
  // with a locked second episode in its first season.
  const [seriesId, series] = content.series.find(([id]) => id === 'deep-field-station')!;
  const seasons = Object.entries(series.seasons).sort(([, a], [, b]) => a.seasonNumber - b.seasonNumber);
  const episodesOf = (index: number) => Object.values(seasons[index]![1].episodes).sort((a, b) => a.episodeNumber - b.episodeNumber);
  const seasonOne = episodesOf(0);
  const seasonTwo = episodesOf(1);
  const seasonOnePage = `/series/${seriesId}/season/${seasons[0]![0]}`;

  /** Plays an episode from its card on a season's page and skips to its last moments. */
  async function playToEnd(page: Page, title: string, seasonPage = seasonOnePage) {
    await page.goto(seasonPage);
    await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
      .getByRole('button', { name: /^Free/ })
      .click();
    const dialog = page.getByRole('dialog');
    const video = dialog.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.duration > 0 && !v.paused), { timeout: 15_000 }).toBe(true);
    await video.evaluate((v: HTMLVideoElement) => (v.currentTime = v.duration - 0.3));
    return dialog;
  }

  test('at the end of a season the next season’s first episode plays after a countdown', async ({ page }) => {
    const last = seasonOne.at(-1)!;
    expect(last.locked).toBeFalsy();
    const dialog = await playToEnd(page, last.title);
    const upNext = dialog.getByRole('group', { name: 'Up next' });
    await expect(upNext).toContainText(seasonTwo[0]!.title, { timeout: 10_000 });
    await expect(upNext.getByRole('status')).toContainText(/Playing in [1-5] s/);
    await expect(dialog.getByRole('heading', { name: seasonTwo[0]!.title })).toBeVisible({ timeout: 10_000 });
    await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  });

  test('the countdown can be cancelled; the viewer stays on the finished episode', async ({ page }) => {
    const last = seasonOne.at(-1)!;
    const dialog = await playToEnd(page, last.title);
    const upNext = dialog.getByRole('group', { name: 'Up next' });
    await upNext.getByRole('button', { name: 'Cancel' }).click();
    await expect(upNext.getByRole('status')).toHaveText('Autoplay cancelled.');
    await page.waitForTimeout(6_000);
    await expect(dialog.getByRole('heading', { name: last.title })).toBeVisible();
    await upNext.getByRole('button', { name: 'Play now' }).click();
    await expect(dialog.getByRole('heading', { name: seasonTwo[0]!.title })).toBeVisible();
  });

  test('a packaged episode is followed by the next, packaged too', async ({ page }) => {
    const [showId, seasonId, season] = content.series
      .flatMap(([id, show]) => Object.entries(show.seasons).map(([seasonId, season]) => [id, seasonId, season] as const))
      .find(([, , season]) => Object.values(season.episodes).some((e) => e.videourl.startsWith('stream:')))!;
    const [first, second] = Object.values(season.episodes).sort((a, b) => a.episodeNumber - b.episodeNumber);
    expect([first!.videourl, second!.videourl].every((url) => url.startsWith('stream:'))).toBe(true);
    const dialog = await playToEnd(page, first!.title, `/series/${showId}/season/${seasonId}`);
    await expect(dialog.getByRole('group', { name: 'Up next' })).toContainText(second!.title, { timeout: 10_000 });
    await expect(dialog.getByRole('heading', { name: second!.title })).toBeVisible({ timeout: 10_000 });
    await expect(dialog.locator('hls-video')).toHaveCount(1);
    await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime > 0), { timeout: 15_000 }).toBe(true);
  });

  test('a locked next episode offers "Pay with Solana" instead of playing', async ({ page }) => {
    const lockedIndex = seasonOne.findIndex((episode) => episode.locked);
    const before = seasonOne[lockedIndex - 1]!;
    const dialog = await playToEnd(page, before.title);
    const upNext = dialog.getByRole('group', { name: 'Up next' });
    await expect(upNext).toContainText(seasonOne[lockedIndex]!.title, { timeout: 10_000 });
    await expect(upNext.getByRole('status')).toHaveCount(0);
    await upNext.getByRole('button', { name: /Pay with Solana/ }).click();
    await expect(page.getByRole('dialog').getByRole('heading', { name: seasonOne[lockedIndex]!.title })).toBeVisible();
    await expect(page.getByRole('dialog')).toContainText('0.01 SOL');
  });
});
