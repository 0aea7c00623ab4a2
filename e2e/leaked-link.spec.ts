import type { APIRequestContext, Response } from '@playwright/test';
import { browserCookieValue, newBrowserId } from '@/lib/identity/browser-cookie';
import { content } from './support/catalog';
import { createTestWallet } from './support/phantom/wallet';
import { E2E_ENTITLEMENT_SECRET, SITE_URL } from './support/ports';
import { grantInLedger, ownerProof } from './support/owner';
import { expect, test } from './support/offline';
import { buyFromHome, withWallet } from './support/purchase';

/**
 * Issue 17 §1 and §2, as an attacker tries them against the running site: whatever a buyer's link,
 * checkout or answers carry, presented as a cookie by someone else, plays and lists nothing; and a
 * page on another site cannot make the buyer's browser swap its cookie for a new one.
 */

const [lockedTrailerId, lockedTrailer] = content.trailers.find(([, t]) => t.locked && t.videourl.startsWith('private:'))!;

/** Every string inside a value: the whole, its pieces between separators, and what base64url pieces decode to (JSON leaves too). */
function stringsInside(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (into.has(value) || value.length === 0) return into;
    into.add(value);
    for (const piece of value.split(/[/.?=&:,;~ ]+/)) {
      if (piece.length < 8 || into.has(piece)) continue;
      into.add(piece);
      const decoded = Buffer.from(piece, 'base64url').toString('utf8');
      try {
        stringsInside(JSON.parse(decoded), into);
      } catch {
        if (/^[\x20-\x7e]+$/.test(decoded)) into.add(decoded);
      }
    }
  } else if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) stringsInside(inner, into);
  }
  return into;
}

/**
 * What someone else gets by presenting `candidate` as their browser cookie (beside `also`, such as the buyer's owner
 * proof copied too): owned paths, and whether the link plays.
 */
async function tryAsCookie(request: APIRequestContext, candidate: string, link: string, also = '') {
  const cookie = `solenema_browser=${encodeURIComponent(candidate).slice(0, 4000)}${also && `; ${also}`}`;
  const owned = await request.get('/api/entitlements', { headers: { cookie } });
  const body = (await owned.json()) as { paths?: string[] };
  const played = await request.get(link, { headers: { cookie, range: 'bytes=0-99' } });
  const issuedCookie = owned.headersArray().some((h) => h.name.toLowerCase() === 'set-cookie');
  return { paths: body.paths ?? [], plays: played.status() < 400, issuedCookie };
}

test('every string inside a buyer’s playback link, checkout and answers, tried as a cookie by someone else, opens nothing', async ({ page, playwright }) => {
  test.setTimeout(120_000);
  const answers: unknown[] = [];
  const keep = async (response: Response) => {
    if (/\/api\/(checkout|payments\/verify|entitlements|playback)$/.test(new URL(response.url()).pathname))
      answers.push(await response.json().catch(() => null));
  };
  page.on('response', (response) => void keep(response));
  await withWallet(page, createTestWallet());
  const { dialog } = await buyFromHome(page, lockedTrailer.title, 'Trailers');
  const link = (await dialog.locator('video').getAttribute('src'))!;
  expect(link).toMatch(/^\/api\/media\//);
  const stored = await page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

  const cookies = await page.context().cookies();
  const buyerCookie = cookies.find((c) => c.name === 'solenema_browser')!.value;
  const ownerCookie = cookies.find((c) => c.name === 'solenema_owner')!;
  const proof = `${ownerCookie.name}=${ownerCookie.value}`;
  const candidates = [...stringsInside([link, stored, answers])].filter((s) => s !== buyerCookie && s !== decodeURIComponent(buyerCookie));
  expect(candidates.length).toBeGreaterThan(20);

  const stranger = await playwright.request.newContext({ baseURL: SITE_URL });
  try {
    // The link itself, in a browser with no cookie, or a cookie of its own: refused.
    expect((await stranger.get(link)).status()).toBe(403);
    const opened = [];
    for (const candidate of candidates) {
      // Alone, and beside the buyer's owner proof (it proves owning only for the browser it was signed for).
      for (const also of ['', proof]) {
        const result = await tryAsCookie(stranger, candidate, link, also);
        if (result.paths.length > 0 || result.plays || result.issuedCookie) opened.push({ candidate, also, ...result });
      }
    }
    expect(opened).toEqual([]);
    // The buyer's own cookies still do (the check above is not vacuous).
    const buyer = await tryAsCookie(stranger, decodeURIComponent(buyerCookie), link, proof);
    expect(buyer.paths).toContain(`trailers/${lockedTrailerId}`);
    expect(buyer.plays).toBe(true);
  } finally {
    await stranger.dispose();
  }
});

test('a page on another site auto-submitting a text/plain form cannot replace the buyer’s cookie or start anything', async ({ page, context }) => {
  const id = newBrowserId();
  await grantInLedger(id, `trailers/${lockedTrailerId}`, 'e2e-cross-site');
  const cookie = browserCookieValue(E2E_ENTITLEMENT_SECRET, id);
  await context.addCookies([
    { name: 'solenema_browser', value: cookie, domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
    { name: 'solenema_owner', value: ownerProof(id), domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax' },
  ]);

  // The attacker's page: a form whose text/plain body happens to be JSON, posted to each state-changing route.
  const attack = (route: string) => `<!doctype html><form method="POST" action="${SITE_URL}${route}" enctype="text/plain">
      <input name='{"path":"trailers/${lockedTrailerId}","wallet":"11111111111111111111111111111111","x":"' value='"}'></form>
      <script>document.forms[0].submit()</script>`;
  for (const route of ['/api/checkout', '/api/restore/challenge', '/api/restore', '/api/payments/verify', '/api/payments/status']) {
    await page.route('http://evil.example/**', (request) => request.fulfill({ contentType: 'text/html', body: attack(route) }));
    const answer = page.waitForResponse((response) => response.url() === `${SITE_URL}${route}`);
    await page.goto('http://evil.example/');
    const response = await answer;
    expect(response.status(), route).toBe(403);
    expect((await response.json()).error, route).toMatch(/Cross-site request refused/);
    expect(await response.headerValue('set-cookie'), route).toBeNull();
    await page.unroute('http://evil.example/**');
  }

  // The buyer's browser still holds its cookie and its library.
  expect((await context.cookies()).find((c) => c.name === 'solenema_browser')?.value).toBe(cookie);
  const owned = await page.request.get(`${SITE_URL}/api/entitlements`);
  expect((await owned.json()).paths).toEqual([`trailers/${lockedTrailerId}`]);
});
