import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// The route wrapper reads the cookie from the request's headers (next/headers), as Next gives them to a handler.
const sent = vi.hoisted(() => {
  process.env.ENTITLEMENT_SECRET = 'unit-test-route-secret-0123456789abcdef';
  // The tests play the proxy where they send X-Forwarded-For; without it every client is one unattributed key.
  process.env.TRUSTED_PROXY_HOPS = '1';
  return { headers: new Headers() };
});
vi.mock('next/headers', () => ({ headers: async () => sent.headers }));
afterAll(() => {
  delete process.env.ENTITLEMENT_SECRET;
  delete process.env.TRUSTED_PROXY_HOPS;
});

const { API_ERROR_STATUS, codeOfStatus, refuse } = await import('@/lib/errors');
const { answer, apiRoute } = await import('@/lib/api/route');
const { BUDGETS, NEW_BROWSERS } = await import('@/lib/http/client-budgets');
type Bucket = keyof typeof BUDGETS;
const { browserCookieValue, browserIdFrom, newBrowserId } = await import('@/lib/identity/browser-cookie');

const SECRET = process.env.ENTITLEMENT_SECRET!;
const SITE = 'http://localhost:3000';
const NO_PARAMS = { params: Promise.resolve({}) };

function post(body: string, headers: Record<string, string> = {}) {
  const all = { host: 'localhost:3000', origin: SITE, 'content-type': 'application/json', ...headers };
  sent.headers = new Headers(all);
  return new Request(`${SITE}/api/x`, { method: 'POST', body, headers: all });
}
const cookie = (id: string, now = Date.now()) => `solenema_browser=${browserCookieValue(SECRET, id, now)}`;
const setCookieOf = (response: Response) => response.headers.get('set-cookie') ?? '';
const bodyOf = async (response: Response) => (await response.json()) as { error: string; code: string };

/** A state-changing route that acts for the cookie's browser (or a new one) and answers which. */
const routeLimitedBy = (limit: Bucket) =>
  apiRoute(
    { name: 'test', limit, sameOrigin: true, body: z.object({ n: z.number() }), browser: 'new', unavailable: 'Safe; try again.' },
    async ({ body, browser }) => {
      if (body.n === 1) return refuse('payment_refused', 'That transaction paid something else.');
      if (body.n === 2) throw new Error('the ledger fell over');
      if (body.n === 3) return refuse('rate_limited', 'Wait.', 1_500);
      return answer({ browser });
    },
  );
const route = routeLimitedBy('checkout');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('error codes', () => {
  it('map to one status each way: a code to its status, a bare status to its first code', () => {
    expect(API_ERROR_STATUS.payment_refused).toBe(422);
    expect(API_ERROR_STATUS.browser_conflict).toBe(409);
    expect(codeOfStatus(403)).toBe('forbidden');
    expect(codeOfStatus(410)).toBe('expired');
    expect(codeOfStatus(502)).toBe('unavailable');
    for (const [code, status] of Object.entries(API_ERROR_STATUS)) expect(API_ERROR_STATUS[codeOfStatus(status)], code).toBe(status);
  });
});

describe('apiRoute', () => {
  it('answers a returned refusal with its code’s status and { error, code }, never cached', async () => {
    const response = await route(post('{"n":1}', { cookie: cookie(newBrowserId()) }), NO_PARAMS);
    expect(response.status).toBe(422);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await bodyOf(response)).toEqual({ error: 'That transaction paid something else.', code: 'payment_refused' });
  });

  it('adds Retry-After in whole seconds to a rate_limited refusal', async () => {
    const response = await route(post('{"n":3}', { cookie: cookie(newBrowserId()) }), NO_PARAMS);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('2');
  });

  it('logs anything else a handler throws and answers 503 unavailable with the route’s reassurance', async () => {
    const response = await route(post('{"n":2}', { cookie: cookie(newBrowserId()) }), NO_PARAMS);
    expect(response.status).toBe(503);
    expect(await bodyOf(response)).toEqual({ error: 'Safe; try again.', code: 'unavailable' });
    expect(console.error).toHaveBeenCalledWith('[test]', expect.any(Error));
  });

  it('refuses a route that needs a browser with 401 unauthenticated when no cookie came: no verdict on the checkout, which the page keeps', async () => {
    const needsBrowser = apiRoute(
      { name: 'test', limit: 'verify', sameOrigin: true, body: z.object({}), browser: 'required', noBrowser: 'No checkout here.', unavailable: 'Safe.' },
      async () => answer({}),
    );
    const refused = await needsBrowser(post('{}'), NO_PARAMS);
    expect([refused.status, await bodyOf(refused)]).toEqual([401, { error: 'No checkout here.', code: 'unauthenticated' }]);
  });

  it('refuses a cross-site post (403 cross_site) and a non-JSON body (415) before reading or charging anything', async () => {
    const crossSite = await route(post('{"n":0}', { origin: 'https://evil.example' }), NO_PARAMS);
    expect([crossSite.status, (await bodyOf(crossSite)).code]).toEqual([403, 'cross_site']);
    const form = await route(post('n=0', { 'content-type': 'text/plain' }), NO_PARAMS);
    expect([form.status, (await bodyOf(form)).code]).toEqual([415, 'unsupported_media_type']);
    const invalid = await route(post('{"n":"x"}'), NO_PARAMS);
    expect([invalid.status, (await bodyOf(invalid)).code]).toEqual([400, 'invalid_request']);
  });

  it('charges no budget for junk: far more junk than the budget leaves a cookieless visitor at the same (untrusted) address served', async () => {
    // TRUSTED_PROXY_HOPS=0 here (the `next start` default): every cookieless client shares one address key.
    for (let i = 0; i < BUDGETS.checkout.points * 3; i += 1) {
      await route(post('{"n":"junk"}'), NO_PARAMS);
      await route(post('{"n":0}', { origin: 'https://evil.example' }), NO_PARAMS);
    }
    expect((await route(post('{"n":0}'), NO_PARAMS)).status).toBe(200);
  });

  it('keys the limit per browser cookie: a client spending the shared address budget leaves a cookie holder served', async () => {
    const restoreRoute = routeLimitedBy('restore');
    let refused: Response | undefined;
    for (let i = 0; i <= BUDGETS.restore.points * 2 && !refused; i += 1) {
      const response = await restoreRoute(post('{"n":0}'), NO_PARAMS);
      if (response.status === 429) refused = response;
    }
    expect(refused?.status, 'the cookieless budget is spent').toBe(429);
    expect((await bodyOf(refused!)).error).toMatch(/^Too many restore attempts from this address/);
    expect((await restoreRoute(post('{"n":0}', { cookie: cookie(newBrowserId()) }), NO_PARAMS)).status).toBe(200);
  });

  it('charges a route limited per address (code tries) to the address whatever cookie each request holds', async () => {
    const guesses = apiRoute(
      { name: 'test', limit: 'code', limitPer: 'address', sameOrigin: true, body: z.object({ n: z.number() }), browser: 'optional', unavailable: 'Safe.' },
      async () => answer({}),
    );
    const from = { 'x-forwarded-for': '203.0.113.55' };
    for (let i = 0; i < BUDGETS.code.points; i += 1) {
      expect((await guesses(post('{"n":0}', { ...from, cookie: cookie(newBrowserId()) }), NO_PARAMS)).status).toBe(200);
    }
    const refused = await guesses(post('{"n":0}', { ...from, cookie: cookie(newBrowserId()) }), NO_PARAMS);
    expect(refused.status).toBe(429);
    expect((await bodyOf(refused)).error).toMatch(/^Too many code tries from this address \(at most 30 a minute\)/);
    expect((await guesses(post('{"n":0}', { 'x-forwarded-for': '203.0.113.56' }), NO_PARAMS)).status).toBe(200);
  });

  it('gives one address at most NEW_BROWSERS new browser ids, and none for a refused or failed request', async () => {
    // A roomy budget, so that only the new-browser allowance can refuse.
    const mediaRoute = routeLimitedBy('media');
    const from = { 'x-forwarded-for': '203.0.113.7' };
    for (let i = 0; i < NEW_BROWSERS.points * 2; i += 1) {
      const refused = await mediaRoute(post(`{"n":${1 + (i % 2)}}`, from), NO_PARAMS);
      expect([refused.status, setCookieOf(refused)], 'a refusal mints no cookie').toEqual([i % 2 ? 503 : 422, '']);
    }
    const minted = new Set<string>();
    let limited: Response | undefined;
    for (let i = 0; i <= NEW_BROWSERS.points && !limited; i += 1) {
      const response = await mediaRoute(post('{"n":0}', from), NO_PARAMS);
      if (response.status === 429) limited = response;
      else minted.add(browserIdFrom(SECRET, /^solenema_browser=([^;]+)/.exec(setCookieOf(response))![1]!)!);
    }
    expect(minted.size, 'the refusals spent none of the allowance').toBe(NEW_BROWSERS.points);
    expect(setCookieOf(limited!)).toBe('');
    expect((await bodyOf(limited!)).error).toMatch(/^Too many new browsers from this address \(at most 20 in 10 minutes\)\. Try again in \d+ minutes?\.$/);
    // A browser holding its cookie, and a newcomer at another address, are served.
    expect((await mediaRoute(post('{"n":0}', { ...from, cookie: cookie([...minted][0]!) }), NO_PARAMS)).status).toBe(200);
    expect((await mediaRoute(post('{"n":0}', { 'x-forwarded-for': '203.0.113.8' }), NO_PARAMS)).status).toBe(200);
  });

  it('acts as the cookie’s browser and sets no cookie while it is fresh; a new browser gets one', async () => {
    const id = newBrowserId();
    const known = await route(post('{"n":0}', { cookie: cookie(id) }), NO_PARAMS);
    expect(await known.json()).toEqual({ browser: id });
    expect(setCookieOf(known)).toBe('');
    const fresh = await route(post('{"n":0}', { cookie: 'unrelated=1' }), NO_PARAMS);
    const { browser } = (await fresh.json()) as { browser: string };
    expect(setCookieOf(fresh)).toMatch(/^solenema_browser=[^;]+; Path=\/; .*Max-Age=31536000; HttpOnly; SameSite=lax$/i);
    expect(browserIdFrom(SECRET, /^solenema_browser=([^;]+)/.exec(setCookieOf(fresh))![1])).toBe(browser);
  });

  it('slides a returning browser’s cookie: the same id signed again with a fresh year, never a new id', async () => {
    const id = newBrowserId();
    const response = await route(post('{"n":0}', { cookie: cookie(id, Date.now() - 2 * 24 * 3600_000) }), NO_PARAMS);
    expect(await response.json()).toEqual({ browser: id });
    const renewed = /^solenema_browser=([^;]+);.*Max-Age=31536000/i.exec(setCookieOf(response));
    expect(renewed, setCookieOf(response)).not.toBeNull();
    expect(browserIdFrom(SECRET, renewed![1])).toBe(id);
  });

  it('over https sets __Host-solenema_browser (Secure, Path=/, no Domain)', async () => {
    const response = await route(post('{"n":0}', { cookie: 'unrelated=1', 'x-forwarded-proto': 'https' }), NO_PARAMS);
    const { browser } = (await response.json()) as { browser: string };
    const set = setCookieOf(response);
    expect(set).toMatch(/^__Host-solenema_browser=[^;]+; Path=\/; .*Secure/i);
    expect(set).not.toMatch(/Domain=/i);
    expect(browserIdFrom(SECRET, /^__Host-solenema_browser=([^;]+)/.exec(set)![1])).toBe(browser);
  });

  it('over https never accepts nor promotes a plain cookie: a planted one leaves the browser a new id of its own', async () => {
    const planted = newBrowserId();
    const response = await route(post('{"n":0}', { cookie: cookie(planted), 'x-forwarded-proto': 'https' }), NO_PARAMS);
    const { browser } = (await response.json()) as { browser: string };
    expect(browser).not.toBe(planted);
    const set = setCookieOf(response);
    expect(set).toMatch(/^__Host-solenema_browser=/);
    expect(browserIdFrom(SECRET, /^__Host-solenema_browser=([^;]+)/.exec(set)![1])).toBe(browser);
  });

  it('never acts as a planted browser: two different valid cookies are refused (409 browser_conflict), whichever comes last', async () => {
    const buyer = cookie(newBrowserId());
    const planted = cookie(newBrowserId());
    for (const header of [`${buyer}; ${planted}`, `${planted}; ${buyer}`]) {
      const response = await route(post('{"n":0}', { cookie: header }), NO_PARAMS);
      expect(response.status).toBe(409);
      expect((await bodyOf(response)).code).toBe('browser_conflict');
      expect(setCookieOf(response), 'no cookie is set or replaced').toBe('');
    }
  });

  it('takes the __Host- cookie over a plain one planted beside it', async () => {
    const buyer = newBrowserId();
    const header = `__Host-solenema_browser=${browserCookieValue(SECRET, buyer)}; ${cookie(newBrowserId())}`;
    const response = await route(post('{"n":0}', { cookie: header, 'x-forwarded-proto': 'https' }), NO_PARAMS);
    expect(await response.json()).toEqual({ browser: buyer });
  });
});
