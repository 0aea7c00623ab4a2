import { content } from './support/catalog';
import { SAME_ORIGIN } from './support/ports';
import { expect, test } from './support/offline';

const [lockedTrailer] = content.trailers.find(([, trailer]) => trailer.locked)!;

test('a client hammering checkout gets 429 with Retry-After and a JSON reason; other clients are still served', async ({
  playwright,
  baseURL,
  clientKey,
  request,
}) => {
  // One fixed client key for the hammering client (all tests reach the site from 127.0.0.1).
  const hammer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': `${clientKey}-hammer`, ...SAME_ORIGIN } });
  try {
    const checkout = () => hammer.post('/api/checkout', { data: { path: `trailers/${lockedTrailer}` } });
    let served = 0;
    let limited: Awaited<ReturnType<typeof checkout>> | undefined;
    for (let i = 0; i < 200 && !limited; i += 1) {
      const response = await checkout();
      if (response.status() === 429) limited = response;
      else {
        expect(response.status()).toBe(200);
        served += 1;
      }
    }
    // A person buying a few titles never meets the limit; a script does, quickly.
    expect(served).toBeGreaterThanOrEqual(10);
    expect(limited, 'no 429 after 200 checkouts').toBeDefined();
    const retryAfter = Number(limited!.headers()['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(limited!.headers()['content-type']).toContain('application/json');
    const { error } = (await limited!.json()) as { error: string };
    expect(error).toMatch(new RegExp(`^Too many checkouts .*Try again in ${retryAfter} seconds?\\.$`));
    // Still limited on the next try; a left-hand X-Forwarded-For entry the client adds changes nothing.
    expect((await checkout()).status()).toBe(429);
    const spoofed = await hammer.post('/api/checkout', {
      data: { path: `trailers/${lockedTrailer}` },
      headers: { 'x-forwarded-for': `198.51.100.23, ${clientKey}-hammer` },
    });
    expect(spoofed.status()).toBe(429);

    // Another client, and the same client on another route, are served as usual.
    expect((await request.post('/api/checkout', { data: { path: `trailers/${lockedTrailer}` }, headers: SAME_ORIGIN })).status()).toBe(200);
    expect((await hammer.post('/api/restore/challenge', { data: { wallet: 'nope' } })).status()).toBe(400);
  } finally {
    await hammer.dispose();
  }
});
