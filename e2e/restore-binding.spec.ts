import { Keypair } from '@solana/web3.js';
import { createSignInMessage } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { BROWSER_COOKIE } from '../lib/identity/browser-cookie';
import { SITE_URL } from './support/ports';
import { expect, test } from './support/offline';

type SignInInput = Parameters<typeof createSignInMessage>[0];
/** Same-origin JSON, as the site's own pages send it. */
const sameOrigin = { origin: SITE_URL, 'content-type': 'application/json' };

/** What a wallet sends back for a challenge: the exact bytes it signed, and its signature. */
function signed(token: string, input: SignInInput, wallet: Keypair) {
  const bytes = createSignInMessage(input);
  return { token, signedMessage: Buffer.from(bytes).toString('base64'), signature: bs58.encode(nacl.sign.detached(bytes, wallet.secretKey)) };
}

const browserCookie = (setCookie: string | undefined) => setCookie?.match(new RegExp(`${BROWSER_COOKIE}=([^;]+)`))?.[1];

test('a restore challenge is answered only by the browser that asked for it; asking gives a browser an id, never a new one', async ({
  playwright,
  clientKey,
}) => {
  const wallet = Keypair.generate();
  const newBrowser = () => playwright.request.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { 'x-forwarded-for': clientKey } });
  const [asker, thief] = [await newBrowser(), await newBrowser()];
  try {
    const ask = () => asker.post('/api/restore/challenge', { data: { wallet: wallet.publicKey.toBase58() }, headers: sameOrigin });
    const first = await ask();
    expect(first.status()).toBe(200);
    const minted = browserCookie(first.headers()['set-cookie']);
    expect(minted, 'a browser without an id gets one with its challenge').toBeTruthy();
    const again = await ask();
    expect(browserCookie(again.headers()['set-cookie']), 'a valid cookie is never replaced').toBeUndefined();
    const { token, input } = (await again.json()) as { token: string; input: SignInInput };
    expect(token).not.toContain(decodeURIComponent(minted!).split('.')[0]!);

    // The token leaks (a log, a shared screen): another browser, with the wallet's real signature, is refused.
    const stolen = await thief.post('/api/restore', { data: signed(token, input, wallet), headers: sameOrigin });
    expect(stolen.status()).toBe(403);
    expect(((await stolen.json()) as { error: string }).error).toMatch(/another browser/);

    // The browser that asked restores with the same answer (the refusal spent nothing).
    const restored = await asker.post('/api/restore', { data: signed(token, input, wallet), headers: sameOrigin });
    expect(restored.status()).toBe(200);
    expect(await restored.json()).toEqual({ wallet: wallet.publicKey.toBase58(), restored: [], more: false });
  } finally {
    await Promise.all([asker.dispose(), thief.dispose()]);
  }
});

test('a wallet restores into at most 5 browsers a day: the 6th gets 429 with the wait, a browser already counted restores again', async ({
  playwright,
  clientKey,
}) => {
  const wallet = Keypair.generate();
  const restoreIn = async (browser: Awaited<ReturnType<typeof playwright.request.newContext>>) => {
    const challenge = await browser.post('/api/restore/challenge', { data: { wallet: wallet.publicKey.toBase58() }, headers: sameOrigin });
    const { token, input } = (await challenge.json()) as { token: string; input: SignInInput };
    return browser.post('/api/restore', { data: signed(token, input, wallet), headers: sameOrigin });
  };
  // A client key per browser: the per-address budget of restores (10 a minute) is not what is tested here.
  const browsers = await Promise.all(
    Array.from({ length: 6 }, (_, i) => playwright.request.newContext({ baseURL: SITE_URL, extraHTTPHeaders: { 'x-forwarded-for': `${clientKey}-${i}` } })),
  );
  try {
    for (const browser of browsers.slice(0, 5)) expect((await restoreIn(browser)).status()).toBe(200);
    const refused = await restoreIn(browsers[5]!);
    expect(refused.status()).toBe(429);
    expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(23 * 3600);
    expect(((await refused.json()) as { error: string }).error).toMatch(/already restored into 5 browsers today\. Try again in 2[34] hours\.$/);
    expect((await restoreIn(browsers[0]!)).status()).toBe(200);
  } finally {
    await Promise.all(browsers.map((browser) => browser.dispose()));
  }
});
