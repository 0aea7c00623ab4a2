import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { rateLimit } from '@/lib/api/address-budget';
import { BUDGETS, chargeLimit, clientKey, limitKeys } from '@/lib/http/client-budgets';

// The test plays a proxy that appends the client's address (see tests/unit/client-key.test.ts for every setting).
vi.hoisted(() => {
  process.env.TRUSTED_PROXY_HOPS = '1';
});
// Read once, at import: other test files in this process must not inherit it.
afterAll(() => {
  delete process.env.TRUSTED_PROXY_HOPS;
});

const from = (forwardedFor?: string) =>
  new Request('http://site.test/api/checkout', { method: 'POST', headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} });

describe('clientKey', () => {
  it('reads TRUSTED_PROXY_HOPS: here one proxy, so the right-most X-Forwarded-For entry', () => {
    expect(clientKey(from('1.2.3.4, 198.51.100.7'))).toBe('198.51.100.7');
  });
});

describe('limitKeys', () => {
  it('charges a browser cookie holder to its browser alone, a cookieless client to its address', () => {
    expect(limitKeys(from('198.51.100.7'), 'browser-id')).toEqual({ own: 'browser:browser-id' });
    expect(limitKeys(from('198.51.100.7'), null)).toEqual({ own: 'client:198.51.100.7' });
  });

  it('gives every browser behind one address its whole budget (a carrier NAT, an office); the cookieless share one', async () => {
    const address = `test-${randomUUID()}`;
    let served = 0;
    for (let browser = 0; browser < 8; browser += 1) {
      for (let i = 0; i < BUDGETS.restore.points; i += 1) if (!(await chargeLimit('restore', limitKeys(from(address), `b-${browser}-${address}`)))) served += 1;
    }
    expect(served).toBe(8 * BUDGETS.restore.points);
    for (let i = 0; i < BUDGETS.restore.points; i += 1) expect(await chargeLimit('restore', limitKeys(from(address), null))).toBeNull();
    expect((await chargeLimit('restore', limitKeys(from(address), null)))?.reason).toMatch(/^Too many restore attempts from this address/);
  });
});

describe('rateLimit', () => {
  it('serves a client up to its budget, then answers 429 with Retry-After and a JSON reason', async () => {
    const client = `test-${randomUUID()}`;
    for (let i = 0; i < BUDGETS.restore.points; i += 1) expect(await rateLimit(from(client), 'restore')).toBeNull();
    const limited = await rateLimit(from(client), 'restore');
    expect(limited?.status).toBe(429);
    const retryAfter = Number(limited?.headers.get('Retry-After'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited?.headers.get('Cache-Control')).toBe('no-store');
    const body = (await limited?.json()) as { error: string };
    expect(body.error).toMatch(new RegExp(`Too many restore attempts .*Try again in ${retryAfter} seconds?\\.`));
  });

  it('counts each client and each bucket apart', async () => {
    const client = `test-${randomUUID()}`;
    for (let i = 0; i <= BUDGETS.revalidate.points; i += 1) await rateLimit(from(client), 'revalidate');
    expect((await rateLimit(from(client), 'revalidate'))?.status).toBe(429);
    expect(await rateLimit(from(`test-${randomUUID()}`), 'revalidate')).toBeNull();
    expect(await rateLimit(from(client), 'checkout')).toBeNull();
    // A spoofed left-hand entry does not make a new client: only the right-most one counts.
    expect((await rateLimit(from(`9.9.9.9, ${client}`), 'revalidate'))?.status).toBe(429);
  });

  it('gives humans room: every budget allows several tries a minute', () => {
    for (const { points } of Object.values(BUDGETS)) expect(points).toBeGreaterThanOrEqual(10);
  });
});
