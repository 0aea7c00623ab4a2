import type { Response } from '@playwright/test';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { expect, test } from './support/offline';
import { buyFromHome, withWallet } from './support/purchase';

/**
 * Issue 34, item 3: where a browser has no Media Source Extensions (an iPhone's Safari before 17.1), hls.js cannot
 * run and the HLS element hands the stream to the browser's own player. Chromium has one too (its built-in HLS
 * player): with Media Source taken away, it plays the paid stream as Safari would, fetching the key itself.
 */
const [, lockedStream] = content.documentaries.find(([, d]) => d.locked && d.videourl.startsWith('stream:'))!;

test('without Media Source Extensions the browser’s own HLS player plays a bought stream, the key fetched with the buyer’s cookie', async ({ page }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => {
    for (const name of ['MediaSource', 'ManagedMediaSource', 'WebKitMediaSource']) Reflect.deleteProperty(window, name);
  });
  await withWallet(page, createTestWallet());
  const keys: Response[] = [];
  page.on('response', (response) => response.url().endsWith('/key') && keys.push(response));
  const { dialog } = await buyFromHome(page, lockedStream.title, 'Documentaries');
  const player = dialog.locator('hls-video');
  await expect(player).toHaveCount(1);
  // hls.js never started: the element gave the playlist to the video itself.
  await expect.poll(() => player.evaluate((el) => (el as unknown as { api: unknown }).api ?? null)).toBeNull();
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\/api\/media\/[\w-]+\.[\w-]+\/master\.m3u8$/);
  // Playing by itself after the purchase, as on any other path (that player heeds no autoplay attribute), past its
  // first second: decrypted and played (the clip is 4.5 s, so on a slow host it may have ended by now).
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime > 1 && v.error === null), { timeout: 30_000 }).toBe(true);
  const key = keys.find((response) => response.status() === 200);
  expect(key, 'the browser’s player fetched the key and was given it').toBeDefined();
  expect((await key!.body()).length).toBe(16);
});
