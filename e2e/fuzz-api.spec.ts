import fc from 'fast-check';
import { PublicKey } from '@solana/web3.js';
import {
  LOCKED_PATH,
  SERIES_ID,
  SEASON_ID,
  SHORT_FILM_ID,
  Tally,
  TRAILER_ID,
  base58ish,
  checkApiAnswer,
  contentType,
  fuzz,
  hostileBody,
  hostileString,
  fitsNode,
  overNodeLimit,
  rawSegment,
  runs,
  send,
} from './support/fuzz';
import { BROWSER_COOKIE, mint, validBrowserCookie } from './support/fuzz-cookies';
import { E2E_REVALIDATE_SECRET, SAME_ORIGIN, SITE_URL } from './support/ports';
import { grantInLedger, ownerCookies } from './support/owner';
import { expect, test } from './support/offline';

/**
 * Property-based fuzz of every API route's input (issue 10, "Proof"): whatever the body, content
 * type, bearer or token, no answer is a 5xx, and every refusal is a 4xx with a JSON reason.
 * Request level only: no browser. Counts and status histograms are printed and attached.
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(120_000);

const maybeBrowserCookie = fc.option(validBrowserCookie, { nil: undefined });
// From the site's own origin, so every body reaches the route's validation (cross-site requests are refused first).
const headersFor = (type: string, cookie?: string, extra: Record<string, string> = {}) => ({
  ...SAME_ORIGIN,
  ...(type ? { 'content-type': type } : {}),
  ...(cookie ? { cookie: `${BROWSER_COOKIE}=${cookie}` } : {}),
  ...extra,
});

/** POSTs hostile bodies to one route and checks every answer. */
async function fuzzBody(
  request: Parameters<typeof send>[0],
  tally: Tally,
  route: string,
  body: fc.Arbitrary<string | Buffer>,
  numRuns: number,
  extraHeaders: fc.Arbitrary<Record<string, string>> = fc.constant({}),
) {
  return fuzz(fc.tuple(body, contentType, maybeBrowserCookie, extraHeaders), numRuns, async ([data, type, cookie, extra]) => {
    const sent = await send(request, 'POST', route, { headers: headersFor(type, cookie, extra), body: data });
    tally.add(`POST ${route}`, sent.response.status());
    return checkApiAnswer(sent.response, sent);
  });
}

test('POST /api/checkout: any body', async ({ request }, testInfo) => {
  const tally = new Tally();
  const path = fc.oneof(
    fc.constantFrom(
      LOCKED_PATH,
      `trailers/${TRAILER_ID}`,
      `series/${SERIES_ID}`,
      `shortFilms/${SHORT_FILM_ID}`,
      `series/${SERIES_ID}/seasons/${SEASON_ID}`,
      'series/nope',
    ),
    hostileString,
  );
  const result = await fuzzBody(request, tally, '/api/checkout', hostileBody(['path'], { path }), runs(200));
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('POST /api/payments/verify: any body, signed checkouts of any shape', async ({ request }, testInfo) => {
  const tally = new Tally();
  const checkout = fc.oneof(
    hostileString,
    fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('checkout', payload)),
    fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('browser', payload)),
  );
  const body = hostileBody(['checkout', 'signature'], { checkout, signature: base58ish(60, 92) });
  const result = await fuzzBody(request, tally, '/api/payments/verify', body, runs(200));
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('POST /api/payments/status: any body, signed checkouts of any shape for this browser or another', async ({ request }, testInfo) => {
  const tally = new Tally();
  const browser = fc.stringMatching(/^[A-Za-z0-9_-]{22}$/);
  // Checkouts as the server signs them, for the cookie's own browser, with any reference, path or terms.
  const ownCheckout = fc
    .record({
      id: browser,
      reference: fc.oneof(
        fc.uint8Array({ minLength: 32, maxLength: 32 }).map((key) => new PublicKey(key).toBase58()),
        base58ish(30, 46),
        hostileString,
      ),
      path: fc.oneof(fc.constant(LOCKED_PATH), hostileString),
      lamports: fc.oneof(fc.constant(10_000_000), fc.integer()),
    })
    .map(({ id, reference, path, lamports }) => ({
      cookie: mint('browser', { id }),
      checkout: mint('checkout', { reference, path, title: 'x', browser: id, recipient: reference, lamports, issuedAt: Date.now() }),
    }));
  const anyCheckout = fc.tuple(
    fc.oneof(
      hostileString,
      fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('checkout', payload)),
    ),
    maybeBrowserCookie,
  );
  const requests = fc.oneof(
    // Well-formed requests with the cookie's own checkout reach the reference check and the chain.
    ownCheckout.map(({ cookie, checkout }) => [JSON.stringify({ checkout }), 'application/json', cookie] as const),
    ownCheckout.chain(({ cookie, checkout }) => fc.tuple(hostileBody(['checkout'], { checkout: fc.constant(checkout) }), contentType, fc.constant(cookie))),
    anyCheckout.chain(([checkout, cookie]) => fc.tuple(hostileBody(['checkout'], { checkout: fc.constant(checkout) }), contentType, fc.constant(cookie))),
  );
  const result = await fuzz(requests, runs(200), async ([data, type, cookie]) => {
    const sent = await send(request, 'POST', '/api/payments/status', { headers: headersFor(type, cookie), body: data });
    tally.add('POST /api/payments/status', sent.response.status());
    return checkApiAnswer(sent.response, sent);
  });
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('POST /api/restore/challenge: any body', async ({ request }, testInfo) => {
  const tally = new Tally();
  const result = await fuzzBody(request, tally, '/api/restore/challenge', hostileBody(['wallet'], { wallet: base58ish(30, 46) }), runs(150));
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('POST /api/restore: any body, signed challenges of any shape', async ({ request }, testInfo) => {
  const tally = new Tally();
  const body = hostileBody(['token', 'signedMessage', 'signature'], {
    token: fc.oneof(
      hostileString,
      fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('restore', payload)),
    ),
    signedMessage: fc.oneof(fc.base64String({ maxLength: 400 }), hostileString),
    signature: base58ish(60, 92),
  });
  const result = await fuzzBody(request, tally, '/api/restore', body, runs(150));
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('POST /api/revalidate: any bearer, any body', async ({ request }, testInfo) => {
  const tally = new Tally();
  const sitePath = fc.oneof(fc.constantFrom('/', `/series/${SERIES_ID}`, '/series/nope'), hostileString);
  const body = hostileBody(['paths'], { paths: fc.array(sitePath, { maxLength: 5 }).map((paths) => JSON.stringify(paths)) });
  const authorization = fc.oneof(
    fc.constant({}),
    fc
      .constantFrom(
        `Bearer ${E2E_REVALIDATE_SECRET}x`,
        `Bearer ${E2E_REVALIDATE_SECRET.slice(0, -1)}`,
        'Bearer',
        'Bearer ',
        'Basic Zm9vOmJhcg==',
        `bearer ${E2E_REVALIDATE_SECRET}`,
        `Bearer  ${E2E_REVALIDATE_SECRET}`,
      )
      .map((value) => ({ authorization: value })),
    hostileString.map((s) => ({ authorization: `Bearer ${s.replace(/[^\x20-\x7e]/g, '')}` })),
  );
  const without = await fuzzBody(request, tally, '/api/revalidate', body, runs(100), authorization);
  // With the right bearer the body itself is what is checked (a valid one refreshes pages: that is fine).
  const withBearer = await fuzzBody(request, tally, '/api/revalidate', body, runs(150), fc.constant({ authorization: `Bearer ${E2E_REVALIDATE_SECRET}` }));
  tally.report(testInfo);
  expect(without.problems, `seed ${without.seed}: ${without.failed} failing requests`).toEqual([]);
  expect(withBearer.problems, `seed ${withBearer.seed}: ${withBearer.failed} failing requests`).toEqual([]);
});

test('GET /api/media/<token>/<file>: random, forged and foreign tokens are refused with a reason', async ({ request }, testInfo) => {
  const tally = new Tally();
  const now = Math.floor(Date.now() / 1000);
  // Claims are base64url in the URL: kept short enough that the URL stays under Node's 16 KB limit.
  const shortHostile = hostileString.map((s) => s.slice(0, 1500));
  const claim = fc.record({
    video: fc.oneof(fc.constant(LOCKED_PATH), shortHostile),
    owner: fc.oneof(fc.constant(LOCKED_PATH), shortHostile),
    source: fc.oneof(fc.constantFrom(`private:${LOCKED_PATH}.mp4`, 'private:../../etc/passwd', 'gs://bucket/x.mp4', '/media/clips/life.mp4'), shortHostile),
    browser: fc.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    exp: fc.oneof(fc.constant(now + 3600), fc.integer(), fc.double()),
  });
  const token = fc.oneof(
    { weight: 3, arbitrary: rawSegment },
    { weight: 2, arbitrary: claim.map((c) => mint('media', c)) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((payload) => mint('media', payload)) },
    { weight: 1, arbitrary: claim.map((c) => mint('browser', c)) },
  );
  const requests = fc.tuple(token, rawSegment, maybeBrowserCookie, fc.constantFrom('GET', 'HEAD')).filter(([t, file]) => fitsNode(`/api/media/${t}/${file}`));
  const result = await fuzz(requests, runs(200), async ([t, file, cookie, method]) => {
    const url = `/api/media/${t}/${file}`;
    const sent = await send(request, method, url, { headers: headersFor('', cookie, { range: 'bytes=0-99' }) });
    const status = sent.response.status();
    tally.add(`${method} /api/media/<token>/<file>`, status);
    if (status >= 500) return `${status} for ${sent.request}`;
    if (overNodeLimit(status, url)) return null;
    // `..` and `\` are resolved by the client's URL parser: what lands elsewhere only has to avoid a 5xx.
    if (!/^\/api\/media\/[^/]+\/[^/]+$/.test(new URL(url, SITE_URL).pathname)) return null;
    if (method === 'HEAD') return status >= 500 ? `${status} for ${sent.request}` : status < 400 ? `${status} (expected a refusal) for ${sent.request}` : null;
    if (status < 400) return `${status} (expected a refusal) for ${sent.request}`;
    return checkApiAnswer(sent.response, sent);
  });
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test("GET /api/media/<owner's token>/<any file>: an owner's own link with any file name", async ({ request }, testInfo) => {
  const tally = new Tally();
  // A browser that owns LOCKED_PATH, as the ledger records a verified purchase; it asks for its playback link as a player does.
  const id = fc.sample(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), 1)[0]!;
  await grantInLedger(id, LOCKED_PATH, 'fuzz-owner');
  const browser = mint('browser', { id });
  const cookie = ownerCookies(id, browser);
  const owned = await send(request, 'GET', `/api/playback?video=${LOCKED_PATH}`, { headers: { cookie } });
  expect(owned.response.status(), owned.request).toBe(200);
  const link = ((await owned.response.json()) as { url: string }).url;
  expect(link, `a private playback link for ${LOCKED_PATH}`).toMatch(/^\/api\/media\//);
  const [, , , token, name] = link!.split('/');
  const played = await send(request, 'GET', link!, { headers: { cookie, range: 'bytes=0-99' } });
  expect(played.response.status(), played.request).toBe(206);

  const file = fc.oneof(rawSegment, fc.constantFrom(`${name}%`, `%${name}`, `${name}%25`, `${name}%00`, `..%2f${name}`, `${name}%E0%A4%A`, '%25', '%2525'));
  const result = await fuzz(
    file.filter((f) => fitsNode(`/api/media/${token}/${f}`)),
    runs(100),
    async (f) => {
      const url = `/api/media/${token}/${f}`;
      const sent = await send(request, 'GET', url, { headers: { cookie, range: 'bytes=0-99' } });
      const status = sent.response.status();
      tally.add("GET /api/media/<owner's token>/<file>", status);
      if (status >= 500) return `${status} for ${sent.request}`;
      if (!/^\/api\/media\/[^/]+\/[^/]+$/.test(new URL(url, SITE_URL).pathname)) return null; // `\` or `..` resolved by the client
      if (status === 206 && decodeURIComponentSafe(f) === name) return null;
      return checkApiAnswer(sent.response, sent);
    },
  );
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('GET /api/playback?video=…: any path, with or without a cookie, owned or not', async ({ request }, testInfo) => {
  const tally = new Tally();
  const video = fc.oneof(
    fc.constantFrom(LOCKED_PATH, `trailers/${TRAILER_ID}`, `series/${SERIES_ID}`, `series/${SERIES_ID}/seasons/${SEASON_ID}`, 'trailers/nope', ''),
    hostileString,
  );
  const query = fc.oneof(
    // URLSearchParams encodes a lone surrogate as U+FFFD where encodeURIComponent throws.
    video.map((v) => new URLSearchParams({ video: v.slice(0, 3000) }).toString()),
    fc.array(rawSegment, { maxLength: 3 }).map((parts) => parts.join('&').slice(0, 4000)),
  );
  const result = await fuzz(
    fc.tuple(query, maybeBrowserCookie).filter(([q]) => fitsNode(`/api/playback?${q}`)),
    runs(150),
    async ([q, cookie]) => {
      const sent = await send(request, 'GET', `/api/playback?${q}`, { headers: headersFor('', cookie) });
      const status = sent.response.status();
      tally.add('GET /api/playback', status);
      if (overNodeLimit(status, `/api/playback?${q}`)) return null;
      // Nobody here owns anything: every answer is a refusal with a reason.
      if (status >= 400 && status < 500) return checkApiAnswer(sent.response, sent);
      return `${status} for ${sent.request}`;
    },
  );
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

test('GET /og: any query string', async ({ request }, testInfo) => {
  const tally = new Tally();
  const siteCard = await (await request.get('/og')).body();
  const titlePath = fc.constantFrom(
    `series/${SERIES_ID}`,
    `series/${SERIES_ID}/seasons/${SEASON_ID}`,
    `trailers/${TRAILER_ID}`,
    `shortFilms/${SHORT_FILM_ID}`,
    'series/nope',
  );
  const pair = fc.tuple(fc.oneof(fc.constantFrom('path', 'title', 'kind', ''), hostileString), fc.oneof(titlePath, hostileString));
  const query = fc.oneof(
    fc.array(pair, { maxLength: 3 }).map((pairs) => new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 2000)])).toString()),
    fc.array(rawSegment, { maxLength: 3 }).map((parts) => parts.join('&').slice(0, 4000)),
    fc.constantFrom('title=%F0%9F%92%A5', 'path=%', '%', '=', '&&', 'path', 'path=', 'path=series%2F', `path=series/${SERIES_ID}&path=series/${SERIES_ID}`),
  );
  const result = await fuzz(
    query.filter((q) => fitsNode(`/og?${q}`)),
    runs(150),
    async (q) => {
      const sent = await send(request, 'GET', `/og?${q}`);
      const status = sent.response.status();
      tally.add('GET /og', status);
      if (overNodeLimit(status, `/og?${q}`)) return null;
      if (status === 200) {
        if (sent.response.headers()['content-type'] !== 'image/png') return `200 without a PNG for ${sent.request}`;
        const params = new URLSearchParams(q);
        const onePath = [...params.keys()].every((key) => key === 'path') && params.getAll('path').length === 1;
        // Anything but one catalog path may only ever get the site's own card (Next drops some keys, e.g. `__proto__`).
        if (onePath || (await sent.response.body()).equals(siteCard)) return null;
        return `200 with a card that is not the site's for a query that is not one catalog path: ${sent.request}`;
      }
      if (status >= 400 && status < 500) return checkApiAnswer(sent.response, sent);
      return `${status} for ${sent.request}`;
    },
  );
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});

function decodeURIComponentSafe(segment: string) {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

test('every API answers a method it does not take with 405, Allow and a reason', async ({ request }) => {
  const routes: [string, string][] = [
    ['/api/checkout', 'POST'],
    ['/api/payments/verify', 'POST'],
    ['/api/payments/status', 'POST'],
    ['/api/restore/challenge', 'POST'],
    ['/api/restore', 'POST'],
    ['/api/revalidate', 'POST'],
    ['/api/catalog/changes', 'POST'],
    ['/api/entitlements', 'GET, HEAD'],
    ['/api/playback?video=trailers/x', 'GET, HEAD'],
    ['/api/media/eyJ4IjoxfQ.AAAA/clip.mp4', 'GET, HEAD'],
    ['/og', 'GET, HEAD'],
  ];
  for (const [url, allow] of routes) {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !allow.includes(m))) {
      const response = await request.fetch(url, { method });
      expect(response.status(), `${method} ${url}`).toBe(405);
      expect(response.headers()['allow'], `${method} ${url}`).toBe(allow);
      expect((await response.json()).error, `${method} ${url}`).toContain(allow);
    }
  }
});
