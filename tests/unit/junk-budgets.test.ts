import { randomUUID } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';

// One proxy appends the client's address: every client here is behind the same one (a carrier NAT, an office).
const sent = vi.hoisted(() => {
  process.env.ENTITLEMENT_SECRET = 'unit-test-junk-secret-0123456789abcdef';
  process.env.TRUSTED_PROXY_HOPS = '1';
  return { headers: new Headers() };
});
vi.mock('next/headers', () => ({ headers: async () => sent.headers }));
afterAll(() => {
  delete process.env.ENTITLEMENT_SECRET;
  delete process.env.TRUSTED_PROXY_HOPS;
});

// The routes as they are, the chain and the ledger behind them stubbed: what is tested is what reaches them, and what it costs.
const reached = vi.hoisted(() => ({ verify: 0, status: 0 }));
/** The checkout each use case was handed: the route's body check reads the token into its reference, once. */
const handed = vi.hoisted(() => ({ references: [] as string[] }));
vi.mock('@/lib/payments/confirm/confirm-payment', () => {
  const paid = { path: 'trailers/t', signature: 's', lamports: 1, play: null };
  return {
    confirmPayment: async (reference: string) => (reached.verify++, handed.references.push(reference), { ok: true, paid }),
    paymentStatus: async (reference: string) => (
      reached.status++,
      handed.references.push(reference),
      { ok: true, status: { state: 'waiting', retryAfterMs: 3000 } }
    ),
  };
});
vi.mock('@/lib/payments/checkout/start-checkout', () => ({
  startCheckout: async (path: string) => ({
    ok: true,
    checkout: {
      checkout: 't',
      reference: 'r',
      recipient: 'x',
      lamports: 1,
      path,
      title: 'T',
      expiresAt: Date.now() + 60_000,
      network: 'localnet',
      solanaPay: { url: 'solana:x', qr: '' },
    },
  }),
}));
vi.mock('@/lib/payments/playback/playback-link', () => ({ playbackLinkFor: async () => ({ ok: true, url: '/api/media/t/f' }), renewIn: 60 }));

const { POST: verify } = await import('@/app/api/payments/verify/route');
const { POST: status } = await import('@/app/api/payments/status/route');
const { POST: checkout } = await import('@/app/api/checkout/route');
const { GET: playback } = await import('@/app/api/playback/route');
const { BUDGETS } = await import('@/lib/http/client-budgets');
const { browserCookieValue, newBrowserId } = await import('@/lib/identity/browser-cookie');
const { signToken } = await import('@/lib/identity/signed-token');

const SECRET = process.env.ENTITLEMENT_SECRET!;
const SITE = 'http://localhost:3000';
const NO_PARAMS = { params: Promise.resolve({}) };
const SIGNATURE = '5'.repeat(88);

/** A checkout token as the server signs one (lib/payments/checkout/checkout.ts): what a real buyer brings back. */
const checkoutToken = (keys = SECRET, purpose = 'checkout', reference = randomUUID()) =>
  signToken(keys, purpose, {
    reference,
    path: 'trailers/t',
    title: 'T',
    recipient: 'x',
    lamports: 1,
    issuedAt: Date.now(),
    expiresAt: Date.now() + 60_000,
    holder: 'h',
  });

/** A request from `address`, with this browser's cookie when it has one. */
function request(path: string, address: string, browser: string | null, body?: unknown) {
  const headers: Record<string, string> = { host: 'localhost:3000', origin: SITE, 'x-forwarded-for': address };
  if (browser) headers.cookie = `solenema_browser=${browserCookieValue(SECRET, browser)}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  sent.headers = new Headers(headers);
  return new Request(`${SITE}${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) });
}
const errorOf = async (response: Response) => (await response.json()) as { error: string; code: string };

beforeEach(() => {
  reached.verify = 0;
  reached.status = 0;
});

describe('verify and status refuse a malformed checkout before any budget is charged', () => {
  const junk = {
    'any string': 'not-a-token',
    'an altered token': `${checkoutToken()}x`,
    'another key’s token': checkoutToken('someone-else-0123456789abcdef-key'),
    'a token made for another purpose': checkoutToken(SECRET, 'browser'),
    'a signed payload of another shape': signToken(SECRET, 'checkout', { reference: 1 }),
  };

  it.each(Object.entries(junk))('%s: 400 naming the checkout, never reaching the chain', async (_, token) => {
    const browser = newBrowserId();
    for (const [route, path, body] of [
      [verify, '/api/payments/verify', { checkout: token, signature: SIGNATURE }],
      [status, '/api/payments/status', { checkout: token }],
    ] as const) {
      const response = await route(request(path, '198.51.100.1', browser, body), NO_PARAMS);
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toEqual({ code: 'invalid_request', error: expect.stringMatching(/checkout.*(altered|start the purchase again)/i) });
    }
    expect(reached).toEqual({ verify: 0, status: 0 });
  });

  it('hands verify and status the reference the token names, read once by the body check', async () => {
    const browser = newBrowserId();
    const reference = randomUUID();
    const token = checkoutToken(SECRET, 'checkout', reference);
    handed.references = [];
    expect((await verify(request('/api/payments/verify', '198.51.100.2', browser, { checkout: token, signature: SIGNATURE }), NO_PARAMS)).status).toBe(200);
    expect((await status(request('/api/payments/status', '198.51.100.2', browser, { checkout: token }), NO_PARAMS)).status).toBe(200);
    expect(handed.references).toEqual([reference, reference]);
  });

  it('a malformed signature too', async () => {
    const response = await verify(request('/api/payments/verify', '198.51.100.1', newBrowserId(), { checkout: checkoutToken(), signature: 'nope' }), NO_PARAMS);
    expect(response.status).toBe(400);
    expect((await errorOf(response)).error).toMatch(/signature/);
  });

  it('charges nothing for it: three budgets of junk leave the same browser its whole budget', async () => {
    const browser = newBrowserId();
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < BUDGETS.verify.points * 3; i += 1) {
      await verify(request('/api/payments/verify', address, browser, { checkout: `junk-${i}`, signature: SIGNATURE }), NO_PARAMS);
    }
    for (let i = 0; i < BUDGETS.verify.points; i += 1) {
      expect((await verify(request('/api/payments/verify', address, browser, { checkout: checkoutToken(), signature: SIGNATURE }), NO_PARAMS)).status).toBe(
        200,
      );
    }
  });
});

describe('behind one address, other browsers cannot spend a buyer’s budgets', () => {
  it('five cookies spending their whole budgets (and more junk) leave a buyer at the same address its verify, status, checkout and playback', async () => {
    const address = `test-nat-${randomUUID()}`;
    const others = Array.from({ length: 5 }, newBrowserId);
    for (const other of others) {
      // Well-formed requests, as many as each budget takes and past it: made-up signatures for real checkouts.
      for (let i = 0; i <= BUDGETS.verify.points; i += 1) {
        await verify(request('/api/payments/verify', address, other, { checkout: checkoutToken(), signature: SIGNATURE }), NO_PARAMS);
        await verify(request('/api/payments/verify', address, other, { checkout: `junk-${i}`, signature: SIGNATURE }), NO_PARAMS);
      }
      for (let i = 0; i <= BUDGETS['purchase-status'].points; i += 1) {
        await status(request('/api/payments/status', address, other, { checkout: checkoutToken() }), NO_PARAMS);
      }
      for (let i = 0; i <= BUDGETS.checkout.points; i += 1) {
        await checkout(request('/api/checkout', address, other, { path: 'trailers/t' }), NO_PARAMS);
      }
      for (let i = 0; i <= BUDGETS.playback.points; i += 1) await playback(request('/api/playback?video=trailers/t', address, other), NO_PARAMS);
    }
    const buyer = newBrowserId();
    expect((await verify(request('/api/payments/verify', address, buyer, { checkout: checkoutToken(), signature: SIGNATURE }), NO_PARAMS)).status).toBe(200);
    expect((await status(request('/api/payments/status', address, buyer, { checkout: checkoutToken() }), NO_PARAMS)).status).toBe(200);
    expect((await checkout(request('/api/checkout', address, buyer, { path: 'trailers/t' }), NO_PARAMS)).status).toBe(200);
    expect((await playback(request('/api/playback?video=trailers/t', address, buyer), NO_PARAMS)).status).toBe(200);
  });

  it('still limits minting: an address gets a bounded number of new browser ids a minute, and a cookie holder there is untouched', async () => {
    const address = `test-minter-${randomUUID()}`;
    const minted: number[] = [];
    for (let i = 0; i < 100; i += 1) minted.push((await checkout(request('/api/checkout', address, null, { path: 'trailers/t' }), NO_PARAMS)).status);
    const served = minted.filter((code) => code === 200).length;
    expect(served).toBeGreaterThanOrEqual(10);
    expect(served).toBeLessThanOrEqual(BUDGETS.checkout.points);
    const refused = await checkout(request('/api/checkout', address, null, { path: 'trailers/t' }), NO_PARAMS);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).error).toMatch(/from this address/);
    expect((await checkout(request('/api/checkout', address, newBrowserId(), { path: 'trailers/t' }), NO_PARAMS)).status).toBe(200);
  });
});
