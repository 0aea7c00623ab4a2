import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { browserCookieValue, newBrowserId } from '@/lib/identity/browser-cookie';
import { holderOf, signToken } from '@/lib/identity/signed-token';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { E2E_ENTITLEMENT_SECRET, E2E_MEDIA_TOKEN_SECONDS, SAME_ORIGIN, SITE_URL } from './support/ports';
import { expect, test } from './support/offline';
import { buyFromHome, withWallet } from './support/purchase';

const [lockedTrailerId, lockedTrailer] = content.trailers.find(([, t]) => t.locked && t.videourl.startsWith('private:'))!;
const privateFile = `media-private/${lockedTrailer.videourl.slice('private:'.length)}`;
const bytes = readFileSync(privateFile);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const LINK = /^\/api\/media\/[\w-]+\.[\w-]+\/[\w.-]+\.mp4$/;

async function buyLockedTrailer(page: Parameters<typeof withWallet>[0]) {
  await withWallet(page, createTestWallet());
  const { card: trailer, dialog } = await buyFromHome(page, lockedTrailer.title, 'Trailers');
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', LINK);
  return { trailer, dialog, video, src: (await video.getAttribute('src'))! };
}

test('a locked title’s bytes are at no public path, whatever a visitor guesses', async ({ request }) => {
  const relative = lockedTrailer.videourl.slice('private:'.length);
  const name = relative.split('/').pop()!;
  for (const guess of [`/${privateFile}`, `/${relative}`, `/media/${relative}`, `/media/clips/${name}`, `/media-private/../${privateFile}`]) {
    expect((await request.get(guess)).status(), guess).toBe(404);
  }
  // A link shaped like a real one, made up by the visitor: refused with a reason.
  const forged = await request.get(`/api/media/${Buffer.from('{}').toString('base64url')}.forged/${name}`);
  expect(forged.status()).toBe(403);
  expect((await forged.json()).error).toMatch(/not valid/);
});

test('a browser that has not paid gets 403 even with a validly signed link of its own', async ({ request }) => {
  const browser = newBrowserId();
  const claim = {
    video: `trailers/${lockedTrailerId}`,
    owner: `trailers/${lockedTrailerId}`,
    source: lockedTrailer.videourl,
    holder: holderOf(E2E_ENTITLEMENT_SECRET, 'media', browser),
    exp: Math.floor(Date.now() / 1000) + 600,
  };
  const name = privateFile.split('/').pop()!;
  const response = await request.get(`/api/media/${signToken(E2E_ENTITLEMENT_SECRET, 'media', claim)}/${name}`, {
    headers: { Cookie: `solenema_browser=${browserCookieValue(E2E_ENTITLEMENT_SECRET, browser)}` },
  });
  expect(response.status()).toBe(403);
  expect((await response.json()).error).toBe('This browser has not bought this title.');
});

test('once paid: the real player plays and seeks the private file; ranges, validators, no caching; another browser is refused', async ({ page, browser }) => {
  const { video, src } = await buyLockedTrailer(page);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 3;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && v.currentTime >= 2.9 && v.readyState >= 2)).toBe(true);

  // page.request carries this browser's cookies, as the player's own requests do.
  const part = await page.request.get(src, { headers: { Range: 'bytes=0-1023' } });
  expect(part.status()).toBe(206);
  const headers = part.headers();
  expect(headers['content-range']).toBe(`bytes 0-1023/${bytes.length}`);
  expect(headers['content-type']).toBe('video/mp4');
  expect(headers['cache-control']).toBe('private, no-store');
  expect(headers['accept-ranges']).toBe('bytes');
  expect(headers.etag).toBeTruthy();
  expect(headers['last-modified']).toBeTruthy();
  expect(Buffer.compare(await part.body(), bytes.subarray(0, 1024))).toBe(0);
  const whole = await page.request.get(src);
  expect(whole.status()).toBe(200);
  expect(sha256(await whole.body())).toBe(sha256(bytes));
  const beyond = await page.request.get(src, { headers: { Range: `bytes=${bytes.length + 10}-` } });
  expect(beyond.status()).toBe(416);
  expect(beyond.headers()['content-range']).toBe(`bytes */${bytes.length}`);
  expect((await beyond.json()).error).toMatch(/Range not satisfiable/);

  // The same link copied into another browser, with or without a browser cookie of its own.
  const other = await browser.newContext();
  try {
    const refused = await other.request.get(`${SITE_URL}${src}`);
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toMatch(/another browser/);
    await other.request.post(`${SITE_URL}/api/checkout`, { data: { path: `trailers/${lockedTrailerId}` }, headers: SAME_ORIGIN });
    expect((await other.cookies()).some((c) => c.name === 'solenema_browser')).toBe(true);
    expect((await other.request.get(`${SITE_URL}${src}`)).status()).toBe(403);
  } finally {
    await other.close();
  }
  const [token, name] = src.split('/').slice(3);
  const altered = await page.request.get(`/api/media/${token!.slice(0, -2)}xx/${name}`);
  expect(altered.status()).toBe(403);
  expect((await altered.json()).error).toMatch(/altered/);
});

test('a playback link that runs out is renewed by the page; the player continues where the viewer was', async ({ page }) => {
  test.setTimeout(120_000);
  const { video, src: first } = await buyLockedTrailer(page);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
    v.currentTime = 2;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.seeking && Math.abs(v.currentTime - 2) < 0.3)).toBe(true);

  // The page asks for a fresh link to the video it plays before the old one runs out, without a reload.
  const renewals = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/playback')).length);
  // One when it started playing, then the renewal.
  await expect.poll(renewals, { timeout: E2E_MEDIA_TOKEN_SECONDS * 1000 + 10_000 }).toBeGreaterThan(1);
  await expect
    .poll(async () => (await page.request.get(first, { headers: { Range: 'bytes=0-1' } })).status(), { timeout: E2E_MEDIA_TOKEN_SECONDS * 1000 + 5_000 })
    .toBe(403);
  expect((await (await page.request.get(first)).json()).error).toMatch(/expired/);

  // The element asks for its (now expired) link again, as it would after a long pause: it moves to the fresh one, same place.
  await video.evaluate((v: HTMLVideoElement) => v.load());
  await expect(video).not.toHaveAttribute('src', first, { timeout: 10_000 });
  await expect(video).toHaveAttribute('src', LINK);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && Math.abs(v.currentTime - 2) < 0.3), { timeout: 10_000 }).toBe(true);
  expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveCount(0);
});
