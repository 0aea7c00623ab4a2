import { content } from './support/catalog';
import { LOCKED_PATH } from './support/fuzz';
import { ownerCookies, ownerOf } from './support/owner';
import { SAME_ORIGIN } from './support/ports';
import { expect, test } from './support/offline';

/**
 * Issue 24, "Cookies no one can plant": a sibling subdomain (or a plain-http page) can set its own
 * valid solenema_browser beside the buyer's, and Next keeps the last of two same-named cookies.
 * Over http, as here, the names are the same; the request must never act as the planted browser.
 */
/** Another locked movie: what the planter owns. */
const OTHER_PATH = [
  ...content.trailers.map(([id, movie]) => ({ path: `trailers/${id}`, movie })),
  ...content.documentaries.map(([id, movie]) => ({ path: `documentaries/${id}`, movie })),
].find(({ path, movie }) => movie.locked && path !== LOCKED_PATH)!.path;
const DAY_MS = 24 * 60 * 60_000;

test('a request with the buyer’s cookie and a planted one never answers as the planted browser', async ({ request }) => {
  const buyer = await ownerOf(LOCKED_PATH, 'planted-buyer');
  const planter = await ownerOf(OTHER_PATH, 'planted-planter');
  for (const cookie of [
    `solenema_browser=${buyer.cookie}; solenema_browser=${planter.cookie}`,
    `solenema_browser=${planter.cookie}; solenema_browser=${buyer.cookie}`,
  ]) {
    const library = await request.get('/api/entitlements', { headers: { cookie } });
    expect(library.status()).toBe(200);
    expect(((await library.json()) as { paths: string[] }).paths, cookie).not.toContain(OTHER_PATH);
    const link = await request.get(`/api/playback?video=${OTHER_PATH}`, { headers: { cookie } });
    expect(link.status(), 'no playback as the planter').toBe(403);

    // A purchase started now would be credited to whichever browser the request acts as: it is refused, no cookie replaced.
    const checkout = await request.post('/api/checkout', { headers: { ...SAME_ORIGIN, cookie }, data: { path: LOCKED_PATH } });
    expect(checkout.status()).toBe(409);
    expect(await checkout.json()).toEqual({ error: expect.stringMatching(/two different Solenema cookies/), code: 'browser_conflict' });
    expect(checkout.headers()['set-cookie']).toBeUndefined();
  }
  // Alone, the buyer's cookie is the buyer.
  const own = await request.get('/api/entitlements', { headers: { cookie: buyer.header } });
  expect(((await own.json()) as { paths: string[] }).paths).toEqual([LOCKED_PATH]);
});

test('a returning buyer’s cookie slides: the same browser id, signed again with a fresh year', async ({ request }) => {
  const buyer = await ownerOf(LOCKED_PATH, 'sliding-buyer', Date.now() - 2 * DAY_MS);
  const answer = await request.get('/api/entitlements', { headers: { cookie: buyer.header } });
  expect(((await answer.json()) as { paths: string[] }).paths).toEqual([LOCKED_PATH]);
  const setCookie = answer.headers()['set-cookie'] ?? '';
  expect(setCookie).toMatch(/^solenema_browser=[^;]+;.*Max-Age=31536000/);
  const renewed = /^solenema_browser=([^;]+)/.exec(setCookie)![1]!;
  expect(renewed).not.toBe(buyer.cookie);
  const again = await request.get('/api/entitlements', { headers: { cookie: ownerCookies(buyer.id, renewed) } });
  expect(((await again.json()) as { paths: string[] }).paths, 'the renewed cookie names the same browser').toEqual([LOCKED_PATH]);
  expect(again.headers()['set-cookie'], 'a fresh cookie is not signed again').toBeUndefined();
});
