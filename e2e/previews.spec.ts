import type { Response } from '@playwright/test';
import { content } from './support/catalog';
import { visit, walletScripts } from './support/first-load';
import { createTestWallet } from './support/phantom/wallet';
import { expect, test } from './support/offline';
import { buy, card, reveal, withWallet } from './support/purchase';

/**
 * Issue 55, item 3: a locked stream's free preview. A visitor with no wallet plays its first segments, cut from the
 * packaged ladder and decrypted by the site; nothing past the cut (segment, key, full playlist) answers that visitor,
 * and the offer shows in the player where the preview ends. A buyer plays the whole stream as before.
 */
const [id, movie] = content.documentaries.find(([, d]) => d.locked && (d as { previewSeconds?: number }).previewSeconds)!;
const path = `documentaries/${id}`;
const streamId = movie.videourl.slice(movie.videourl.lastIndexOf('/') + 1);
const PREVIEW = `/api/preview/${path}`;
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1440, height: 900 };
const previewButton = { name: new RegExp(`^Preview\\b.*play ${movie.title}$`) };

test('a visitor with no wallet plays the preview, gets nothing past it, and is offered the title where it ends', async ({ page, request }) => {
  test.setTimeout(60_000);
  const answers: Response[] = [];
  page.on('response', (response) => response.url().includes('/api/') && answers.push(response));
  const html = await (await request.get(`/watch/${path}`)).text();
  expect(html).not.toContain(streamId);
  const shot = (name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });
  // Its card on the home page offers the preview too, beside the pay button.
  await page.goto('/');
  const home = card(page, movie.title);
  await reveal(page, home, 'Documentaries');
  await expect(home.getByRole('button', previewButton)).toBeVisible();
  await home.screenshot({ path: test.info().outputPath('preview-card-1440.png') });
  await page.setViewportSize(PHONE);
  const visited = await visit(page, `/watch/${path}`);
  await shot('preview-page-375');
  await page.setViewportSize(DESKTOP);
  await shot('preview-page-1440');
  await page.locator('main').getByRole('button', previewButton).click();
  const dialog = page.getByRole('dialog');
  const video = dialog.locator('video');
  // The player's time advances through the preview…
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(1);
  // …and where it ends, the title's offer is in the player, opening the purchase.
  const ended = dialog.getByRole('group', { name: 'The preview has ended' });
  await expect(ended).toBeVisible({ timeout: 20_000 });
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeLessThanOrEqual(4.1);
  await expect(ended).toContainText('0.01 SOL');
  await shot('preview-ended-1440');
  await page.setViewportSize(PHONE);
  await shot('preview-ended-375');

  // What the player was given: only the preview's segments, in the clear, and no address of the stream's folder.
  const playlists = answers.filter((r) => r.url().endsWith('.m3u8'));
  expect(playlists.length).toBeGreaterThan(1);
  for (const response of answers) expect(new URL(response.url()).pathname.startsWith(PREVIEW) || !response.url().includes(id), response.url()).toBe(true);
  for (const response of playlists) {
    expect(response.status()).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(streamId);
    expect(text).not.toContain('EXT-X-KEY');
  }
  const rendition = await (await request.get(`${PREVIEW}/240p.m3u8`)).text();
  expect(rendition.split('\n').filter((line) => line.endsWith('.m2ts'))).toEqual(['240p_000.m2ts', '240p_001.m2ts']);
  const segment = await request.get(`${PREVIEW}/240p_001.m2ts`);
  expect(segment.status()).toBe(200);
  expect((await segment.body())[0]).toBe(0x47);

  // Past the preview: the next segment, the key, the full playlist and a playback link answer this visitor 403/404.
  for (const refused of [`${PREVIEW}/240p_002.m2ts`, `${PREVIEW}/key`, `/api/playback?video=${path}`, `/api/media/forged.token/master.m3u8`]) {
    const response = await request.get(refused);
    expect([403, 404], refused).toContain(response.status());
    expect((await response.body()).length).toBeLessThan(400);
  }

  // The page, the player and the whole preview brought no wallet code: it comes with the pay click.
  await visited.settled();
  expect(walletScripts(visited.scripts).map((script) => script.url)).toEqual([]);
  await ended.getByRole('button', { name: 'Buy it' }).click();
  await expect(page.getByRole('dialog').getByRole('img', { name: /Solana Pay QR code/ })).toBeVisible({ timeout: 20_000 });
});

test('a buyer still gets the full playlist and its key; the preview button is gone', async ({ page }) => {
  test.setTimeout(90_000);
  await withWallet(page, createTestWallet());
  await page.goto(`/watch/${path}`);
  await expect(page.locator('main').getByRole('button', previewButton)).toBeVisible();
  const dialog = await buy(page, page.locator('main'));
  const link = await dialog.locator('hls-video').evaluate((el: HTMLVideoElement) => el.src);
  expect(link).toMatch(/\/api\/media\/[\w-]+\.[\w-]+\/master\.m3u8$/);
  const full = await (await page.request.get(link.replace('master.m3u8', '240p.m3u8'))).text();
  expect(full).toContain('#EXT-X-KEY:METHOD=AES-128,URI="key"');
  expect(full).toContain(`${streamId}/240p_002.m2ts`);
  expect((await (await page.request.get(link.replace('master.m3u8', 'key'))).body()).length).toBe(16);
  await expect.poll(() => dialog.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 30_000 }).toBeGreaterThan(1);
  await dialog.getByRole('button', { name: 'Close player' }).click();
  await expect(page.locator('main').getByRole('button', previewButton)).toBeHidden();
});
