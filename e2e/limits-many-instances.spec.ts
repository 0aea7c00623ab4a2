import type { ChildProcess } from 'node:child_process';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { content } from './support/catalog';
import { e2eSiteEnv } from './support/global-setup';
import { openQrDialog } from './support/purchase';
import { payRequest, scanQrCode } from './support/solana-pay-wallet';
import { freePort, startServer, stopServer } from './support/processes';
import { startRedis, type LocalRedis } from './support/redis';

/**
 * Two `next start` of the same build behind one REDIS_URL, as two Vercel instances: a client's
 * budget is one budget, and every open checkout is looked for, whichever instance counts or serves it.
 * Started here (not for every spec), on free ports.
 */
test.describe.configure({ mode: 'serial' });

let redis: LocalRedis;
const instances: ChildProcess[] = [];
const urls: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  redis = await startRedis();
  const env = { ...process.env, ...e2eSiteEnv, REDIS_URL: redis.url };
  for (let i = 0; i < 2; i += 1) {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    instances.push(await startServer('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], env, url));
    urls.push(url);
  }
});

test.afterAll(async () => {
  instances.forEach(stopServer);
  await redis?.stop();
});

const client = (url: string, key: string): Promise<APIRequestContext> => request.newContext({ baseURL: url, extraHTTPHeaders: { 'x-forwarded-for': key } });

test('a client over its budget on one instance is limited on the other; other clients are not', async ({}, testInfo) => {
  const key = `e2e-many-${testInfo.testId}-${testInfo.retry}`;
  const [onA, onB] = [await client(urls[0]!, key), await client(urls[1]!, key)];
  const stranger = await client(urls[1]!, `${key}-stranger`);
  try {
    // No warm-up: an instance's first requests wait for its first connection to Redis and count there too.
    let served = 0;
    for (let i = 0; i < 500; i += 1) {
      const status = (await onA.get('/api/entitlements')).status();
      if (status === 429) break;
      expect(status).toBeLessThan(500);
      served += 1;
    }
    expect(served, 'instance A never limited the client').toBeLessThan(500);
    expect(served).toBeGreaterThanOrEqual(60);

    const limited = await onB.get('/api/entitlements');
    expect(limited.status(), 'instance B served a client that A had limited').toBe(429);
    expect(Number(limited.headers()['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(((await limited.json()) as { error: string }).error).toMatch(/^Too many library requests .*Try again in \d+ seconds?\.$/);
    expect((await stranger.get('/api/entitlements')).status()).toBeLessThan(400);
  } finally {
    await Promise.all([onA.dispose(), onB.dispose(), stranger.dispose()]);
  }
});

test('two QR buyers, each polling its own instance (a sticky balancer), are both credited: one look serves every instance', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // A title whose file the site serves itself (a Vimeo one would need the internet), bought by each buyer in its own browser.
  const [lockedId] = content.trailers.find(([, movie]) => movie.locked && movie.videourl.startsWith('private:'))!;
  const other = await browser.newContext();
  try {
    // Each page talks to its own instance only; whichever instance takes a look, it looks for both.
    const buyers = await Promise.all(
      [page, await other.newPage()].map(async (buyer, index) => {
        const { dialog, qr } = await openQrDialog(buyer, `${urls[index]}/watch/trailers/${lockedId}`);
        await expect(qr).toBeVisible();
        return { dialog, request: await scanQrCode(qr) };
      }),
    );
    for (const { request: transfer } of buyers) await payRequest(transfer);
    for (const { dialog } of buyers) await expect(dialog.locator('video')).toHaveAttribute('src', /^\/api\/media\//, { timeout: 40_000 });
  } finally {
    await other.close();
  }
});
