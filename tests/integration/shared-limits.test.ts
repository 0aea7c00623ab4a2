import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startRedis, type LocalRedis } from '@/e2e/support/redis';

/**
 * Two server instances are two module graphs: each has its own memory and its own Redis client.
 * vi.resetModules() between imports makes a second one in this process.
 */
async function instance() {
  vi.resetModules();
  const limits = await import('@/lib/http/client-budgets');
  const { rateLimit } = await import('@/lib/api/address-budget');
  const redis = await import('@/lib/http/redis');
  const lock = (key: string, ms: number) => redis.takeLapsingLock(key, ms);
  // Not connected yet on purpose: an instance's first requests wait for its first connection and count in Redis too.
  return { ...limits, rateLimit, lock, close: () => redis.sharedRedis()?.disconnect() };
}

const request = (client: string) => new Request('http://site.test/api/checkout', { method: 'POST', headers: { 'x-forwarded-for': client } });

async function exhaust(site: Awaited<ReturnType<typeof instance>>, client: string) {
  for (let i = 0; i < site.BUDGETS.checkout.points; i += 1) expect(await site.rateLimit(request(client), 'checkout')).toBeNull();
  expect((await site.rateLimit(request(client), 'checkout'))?.status).toBe(429);
}

let redis: LocalRedis;
const open: Array<{ close: () => void }> = [];

beforeAll(async () => {
  redis = await startRedis();
  vi.stubEnv('TRUSTED_PROXY_HOPS', '1');
});
afterEach(() => {
  for (const site of open.splice(0)) site.close();
  vi.stubEnv('REDIS_URL', undefined);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await redis?.stop();
});

describe('limits on many instances', () => {
  it('with REDIS_URL, a client over its budget on one instance is limited on the other', async () => {
    vi.stubEnv('REDIS_URL', redis.url);
    const [a, b] = [await instance(), await instance()];
    open.push(a, b);
    const client = `client-${randomUUID()}`;
    await exhaust(a, client);
    const limited = await b.rateLimit(request(client), 'checkout');
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('Retry-After'))).toBeGreaterThanOrEqual(1);
    expect(await b.rateLimit(request(`client-${randomUUID()}`), 'checkout')).toBeNull();
  });

  it('with REDIS_URL, the per-reference chain lock is held for every instance until it lapses', async () => {
    vi.stubEnv('REDIS_URL', redis.url);
    const [a, b] = [await instance(), await instance()];
    open.push(a, b);
    const reference = `reference-${randomUUID()}`;
    expect(await a.lock(reference, 300)).toBe(true);
    expect(await b.lock(reference, 300)).toBe(false);
    expect(await a.lock(reference, 300)).toBe(false);
    await new Promise((r) => setTimeout(r, 400));
    expect(await b.lock(reference, 300)).toBe(true);
  });

  it('without REDIS_URL, each instance counts alone (and the lock is always free: the local interval applies)', async () => {
    const [a, b] = [await instance(), await instance()];
    const client = `client-${randomUUID()}`;
    await exhaust(a, client);
    expect(await b.rateLimit(request(client), 'checkout')).toBeNull();
    expect(await a.lock('any', 3_000)).toBe(true);
    expect(await a.lock('any', 3_000)).toBe(true);
  });

  it('with Redis unreachable, limits still hold per instance (memory insurance) and no request waits on it', async () => {
    vi.stubEnv('REDIS_URL', 'redis://127.0.0.1:1');
    const site = await instance();
    open.push(site);
    const client = `client-${randomUUID()}`;
    const started = Date.now();
    await exhaust(site, client);
    expect(await site.lock('any', 3_000)).toBe(true);
    // The first request waits for the first (refused) connection; none after it waits at all.
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('when Redis goes away after connecting, requests fall back to memory at once instead of waiting for it', async () => {
    const doomed = await startRedis();
    vi.stubEnv('REDIS_URL', doomed.url);
    const site = await instance();
    open.push(site);
    expect(await site.rateLimit(request(`client-${randomUUID()}`), 'checkout')).toBeNull();
    await doomed.stop();
    const client = `client-${randomUUID()}`;
    const started = Date.now();
    await exhaust(site, client);
    expect(await site.lock('any', 3_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_500);
  });
});
