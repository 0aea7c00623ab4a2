import { LOCKED_PATH, checkApiAnswer } from './support/fuzz';
import { ownerOf } from './support/owner';
import { SAME_ORIGIN } from './support/ports';
import { expect, test } from './support/offline';

/**
 * Issue 24, "Limits junk cannot exhaust": one client's junk leaves another visitor at the same address
 * able to pay and play. Both send the same X-Forwarded-For: what every client looks like without a
 * trusted proxy (TRUSTED_PROXY_HOPS=0, all of them one key), or behind one NAT.
 */
test.setTimeout(120_000);

test('60 junk checkout POSTs and 700 junk media requests from one client leave another visitor at the same address able to pay and play', async ({
  playwright,
  baseURL,
  clientKey,
}) => {
  const owner = await ownerOf(LOCKED_PATH, 'junk-limits');
  const sameAddress = { 'x-forwarded-for': clientKey };
  const junk = await playwright.request.newContext({ baseURL, extraHTTPHeaders: sameAddress });
  const newcomer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: sameAddress });
  const buyer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { ...sameAddress, cookie: owner.header } });
  try {
    const junkCheckouts = [
      { headers: { origin: 'https://evil.example', 'content-type': 'text/plain' }, data: 'path=x' },
      { headers: { ...SAME_ORIGIN, 'content-type': 'text/plain' }, data: '{}' },
      { headers: { ...SAME_ORIGIN, 'content-type': 'application/json' }, data: '{"path":' },
      { headers: { ...SAME_ORIGIN, 'content-type': 'application/json' }, data: '{"path":"../../etc"}' },
    ];
    for (let i = 0; i < 60; i += 1) {
      const response = await junk.post('/api/checkout', junkCheckouts[i % junkCheckouts.length]!);
      expect(response.status(), `junk checkout ${i}`).toBeGreaterThanOrEqual(400);
      expect(response.status(), `junk checkout ${i}`).toBeLessThan(429);
    }
    // A cookieless visitor (its first purchase) and a returning buyer both still start a checkout.
    expect((await newcomer.post('/api/checkout', { headers: SAME_ORIGIN, data: { path: LOCKED_PATH } })).status()).toBe(200);
    expect((await buyer.post('/api/checkout', { headers: SAME_ORIGIN, data: { path: LOCKED_PATH } })).status()).toBe(200);

    const playback = await buyer.get(`/api/playback?video=${LOCKED_PATH}`);
    expect(playback.status()).toBe(200);
    const link = ((await playback.json()) as { url: string }).url;
    const [, , , token, file] = link.split('/');
    const forgeries = [`${token}x`, `x${token}`, 'eyJ4IjoxfQ.AAAA', token!.replace(/\.[^.]+$/, '.forged')];
    await Promise.all(
      Array.from({ length: 7 }, async (_, worker) => {
        for (let i = worker; i < 700; i += 7) {
          const response = await junk.get(`/api/media/${forgeries[i % forgeries.length]}/${file}`, { headers: { range: 'bytes=0-99' } });
          expect(response.status(), `junk media ${i}`).toBe(403);
        }
      }),
    );
    const played = await buyer.get(link, { headers: { range: 'bytes=0-99' } });
    expect(played.status(), (await checkApiAnswer(played, { request: `GET ${link}` })) ?? undefined).toBe(206);
  } finally {
    await Promise.all([junk.dispose(), newcomer.dispose(), buyer.dispose()]);
  }
});
