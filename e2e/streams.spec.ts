import type { Response } from '@playwright/test';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { SITE_URL } from './support/ports';
import { expect, test } from './support/offline';
import { FIRST_FRAME_BOUND_MS, PHONE_NETWORK, UNTHROTTLED, watchPlayback, type NetworkConditions } from './support/playback';
import { buyFromHome, card, reveal, withWallet } from './support/purchase';

/**
 * Issue 34: packaged streams. A locked stream's segments are public and cacheable but encrypted; its
 * playlists and key come through the buyer's playback link, and the key answers that browser only.
 */
const [, lockedStream] = content.trailers.find(([, t]) => t.locked && t.videourl.startsWith('stream:'))!;
const [freeStreamId, freeStream] = content.documentaries.find(([, d]) => !d.locked && d.videourl.startsWith('stream:'))!;
const lockedBase = lockedStream.videourl.slice('stream:'.length);
const LINK = /\/api\/media\/[\w-]+\.[\w-]+\/master\.m3u8$/;
/** Playing, and past `seconds` (evaluated in the page, so the bound comes as an argument). */
const playing = (v: HTMLVideoElement, seconds: number) => v.currentTime > seconds && !v.paused;

test('a buyer plays a locked stream; its key answers no one else, and a refused key shows the locked state', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await withWallet(page, createTestWallet());
  const keys: Response[] = [];
  page.on('response', (response) => response.url().endsWith('/key') && keys.push(response));
  const { dialog } = await buyFromHome(page, lockedStream.title, 'Trailers');
  const player = dialog.locator('hls-video');
  await expect.poll(() => player.evaluate((el: HTMLVideoElement) => el.src)).toMatch(LINK);
  // hls.js fetched the key with this browser's cookie, decrypted the segments and plays.
  await expect.poll(() => dialog.locator('video').evaluate(playing, 1), { timeout: 30_000 }).toBe(true);
  const key = keys.find((response) => response.status() === 200)!;
  expect((await key.body()).length).toBe(16);
  expect(key.headers()['cache-control']).toBe('private, no-store');

  // The rendition as the buyer gets it: segments at the public folder, the key under this link.
  const master = await player.evaluate((el: HTMLVideoElement) => el.src);
  const rendition = await page.request.get(master.replace('master.m3u8', '240p.m3u8'));
  expect(rendition.headers()['cache-control']).toBe('private, no-store');
  const text = await rendition.text();
  expect(text).toContain(`${lockedBase}/240p_000.m2ts`);
  expect(text).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key"');

  // The key URL in another browser, and in a visitor's who has not paid: 403, no key bytes.
  const other = await browser.newContext();
  try {
    const refused = await other.request.get(key.url());
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/another browser/);
  } finally {
    await other.close();
  }
  const visitor = await request.get(key.url());
  expect(visitor.status()).toBe(403);
  expect((await visitor.body()).length).not.toBe(16);

  // Segments answer anyone, with headers that let a shared cache keep them; without the key they are noise.
  const segment = await request.get(`${lockedBase}/240p_000.m2ts`);
  expect(segment.status()).toBe(200);
  expect(segment.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await segment.body())[0]).not.toBe(0x47);

  // When the key is refused (as the server refuses a browser that no longer owns the title), the player
  // shows the locked state, not an error.
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await page.route('**/api/media/*/key', (route) => route.fulfill({ status: 403, json: { error: 'This browser has not bought this title.' } }));
  await card(page, lockedStream.title).getByRole('button', { name: /^Free/ }).click();
  const reopened = page.getByRole('dialog');
  // Unless it played to the end, it offers to resume where the buyer stopped: the stream loads once the viewer chooses.
  const startOver = reopened.getByRole('button', { name: 'Start over' });
  await expect(startOver.or(reopened.locator('hls-video'))).not.toHaveCount(0);
  if (await startOver.isVisible()) await startOver.click();
  await expect(reopened.getByText('This title is locked in this browser')).toBeVisible({ timeout: 20_000 });
  await expect(reopened.getByRole('alert')).toHaveCount(0);
});

test('a free stream plays for any visitor from its public folder', async ({ page, request }) => {
  await page.goto(`/watch/documentaries/${freeStreamId}`);
  await page.getByRole('button', { name: /^Free/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: freeStream.title })).toBeVisible();
  await expect.poll(() => dialog.locator('video').evaluate(playing, 1), { timeout: 30_000 }).toBe(true);
  const master = await request.get(`${SITE_URL}${freeStream.videourl.slice('stream:'.length)}/master.m3u8`);
  expect(master.status()).toBe(200);
  expect(master.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
});

/** The MP4 clip the free stream was packaged from, played as a file by another title: the single-file baseline. */
const [, fileTwin] = content.trailers.find(([, t]) => !t.locked && t.videourl === '/media/clips/embers.mp4')!;
const [, otherStream] = content.trailers.find(([, t]) => !t.locked && t.videourl.startsWith('stream:'))!;

test('on a phone’s network the stream’s first frame comes within 2.5 s of Play, with no stall; unthrottled it plays its top rendition', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  // One visit to the home page, as a viewer browsing it: the player's code, once loaded, stays.
  await page.goto('/');
  async function watch(title: string, carousel: string, network: NetworkConditions) {
    const target = card(page, title);
    await reveal(page, target, carousel);
    const dialog = page.getByRole('dialog');
    const playback = await watchPlayback(session, dialog, () => target.getByRole('button', { name: /^Free/ }).click(), network, 30);
    await dialog.getByRole('button', { name: 'Close player' }).click();
    return playback;
  }
  // The first stream of the visit also fetches the player's code (hls.js); then the same clip as a file, and as a stream.
  const firstStream = await watch(otherStream.title, 'Trailers', PHONE_NETWORK);
  const file = await watch(fileTwin.title, 'Trailers', PHONE_NETWORK);
  const stream = await watch(freeStream.title, 'Documentaries', PHONE_NETWORK);
  const figures = { phone: '1.6 Mbps, 150 ms', firstStream, file, stream };
  console.log(`[timing] Play → first frame, stalls: ${JSON.stringify(figures)}`);
  test.info().annotations.push({ type: 'timing', description: JSON.stringify(figures) });
  // The bound, 2.5 s, on a quiet host; a loaded 2-core host slows every play alike, so the bound grows by
  // what the single MP4 on the same link lost against its quiet figure (0.9 s), and the stream may stall no more than it.
  expect(stream.firstFrameMs).toBeLessThan(FIRST_FRAME_BOUND_MS + Math.max(0, file.firstFrameMs - 900));
  expect(stream.stalls).toBeLessThanOrEqual(file.stalls);

  const unthrottled = await watch(freeStream.title, 'Documentaries', UNTHROTTLED);
  expect(unthrottled.renditions?.last).toBe(unthrottled.renditions?.top);
});
