import { browserCookieValue, newBrowserId } from '@/lib/identity/browser-cookie';
import { signToken } from '@/lib/identity/signed-token';
import { content } from './support/catalog';
import { E2E_ENTITLEMENT_SECRET } from './support/ports';
import { grantInLedger, ownerCookies, ownerProof } from './support/owner';
import { expect, test } from './support/offline';
import { card, reveal } from './support/purchase';

const [lockedSeriesId, lockedSeries] = content.series.find(([, s]) => s.locked)!;
const [lockedTrailerId, lockedTrailer] = content.trailers.find(([, t]) => t.locked && t.videourl.startsWith('private:'))!;
/** The cookies of a browser that bought something: its id, and the owner proof its purchase answer set. */
const browserCookie = (id: string) => ownerCookies(id, browserCookieValue(E2E_ENTITLEMENT_SECRET, id));

test('a browser that bought 200 titles keeps all 200, and plays the ones it opens, with links signed as they play', async ({ request, browser }) => {
  const id = newBrowserId();
  const bought = [`series/${lockedSeriesId}`, `trailers/${lockedTrailerId}`, ...Array.from({ length: 198 }, (_, i) => `trailers/retired-title-${i}`)];
  // What the ledger holds after 200 verified purchases in this browser (the old cookie kept only the last 60).
  await Promise.all(bought.map((path, i) => grantInLedger(id, path, `e2e-signature-${i}`, new Date(Date.now() - i))));

  const answer = await request.get('/api/entitlements', { headers: { Cookie: browserCookie(id) } });
  expect(answer.status()).toBe(200);
  const owned = (await answer.json()) as { paths: string[] };
  // The paths alone: what it owns, no link for any of its videos (each is signed when it plays).
  expect(Object.keys(owned)).toEqual(['paths', 'rentals']);
  expect(owned.paths).toHaveLength(200);
  expect(new Set(owned.paths)).toEqual(new Set(bought));
  const linkOf = (video: string) => request.get(`/api/playback?video=${encodeURIComponent(video)}`, { headers: { Cookie: browserCookie(id) } });
  const [seasonId, season] = Object.entries(lockedSeries.seasons)[0]!;
  const [episodeId] = Object.entries(season.episodes)[0]!;
  for (const video of [`series/${lockedSeriesId}/seasons/${seasonId}/episodes/${episodeId}`, `trailers/${lockedTrailerId}`]) {
    const link = await linkOf(video);
    expect(link.status(), video).toBe(200);
    expect((await link.json()).url, video).toMatch(/^\/api\/media\//);
  }
  // Not owned, not there, not a path: refused with a reason.
  const [otherLockedId] = content.trailers.find(([tid, t]) => t.locked && tid !== lockedTrailerId) ?? [];
  if (otherLockedId) expect((await linkOf(`trailers/${otherLockedId}`)).status()).toBe(403);
  expect((await linkOf(`series/${lockedSeriesId}/seasons/${seasonId}/episodes/nope`)).status()).toBe(404);
  expect((await linkOf('../etc/passwd')).status()).toBe(400);
  expect((await (await linkOf('')).json()).error).toMatch(/video=/);

  // The same browser, as a visitor: the oldest purchase (the trailer) still plays.
  const context = await browser.newContext();
  try {
    await context.addCookies([
      { name: 'solenema_browser', value: browserCookieValue(E2E_ENTITLEMENT_SECRET, id), domain: '127.0.0.1', path: '/' },
      { name: 'solenema_owner', value: ownerProof(id), domain: '127.0.0.1', path: '/' },
      { name: 'solenema_owns', value: '1', domain: '127.0.0.1', path: '/' },
    ]);
    const page = await context.newPage();
    await page.goto('/');
    const trailer = card(page, lockedTrailer.title);
    await reveal(page, trailer, 'Trailers');
    await trailer.getByRole('button', { name: /^Free/ }).click();
    const video = page.getByRole('dialog').locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  } finally {
    await context.close();
  }
});

test('neither the old cookie format nor a bare browser id opens a library: only a cookie this server signed names a browser', async ({ request }) => {
  // A browser that owns a locked trailer, as the ledger knows it.
  const id = newBrowserId();
  await grantInLedger(id, `trailers/${lockedTrailerId}`, 'e2e-bare');
  const legacy = signToken(E2E_ENTITLEMENT_SECRET, 'entitlements', { paths: [`trailers/${lockedTrailerId}`] });
  for (const cookie of [`solenema_entitlements=${legacy}`, `solenema_browser=${id}`]) {
    const answer = await request.get('/api/entitlements', { headers: { Cookie: cookie } });
    expect(answer.status(), cookie).toBe(200);
    expect(await answer.json(), cookie).toEqual({ paths: [], rentals: [] });
    expect((await request.get(`/api/playback?video=trailers/${lockedTrailerId}`, { headers: { Cookie: cookie } })).status(), cookie).toBe(403);
    // Nothing is handed out in exchange either: no cookie, signed or not.
    expect(
      answer.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie'),
      cookie,
    ).toEqual([]);
  }
  const owner = await request.get('/api/entitlements', { headers: { Cookie: browserCookie(id) } });
  expect((await owner.json()).paths).toEqual([`trailers/${lockedTrailerId}`]);
});
