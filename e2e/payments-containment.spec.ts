import type { ChildProcess } from 'node:child_process';
import { Keypair } from '@solana/web3.js';
import type { Page } from '@playwright/test';
import { content } from './support/catalog';
import { startLocalChain, type LocalChain } from './support/chain';
import { expect, test } from './support/offline';
import { freePort, stopServer } from './support/processes';
import { E2E_ENTITLEMENT_SECRET, SAME_ORIGIN } from './support/ports';
import { purchaseDialog } from './support/purchase';
import { startSiteInstance } from './support/site-instance';
import { payRequest, scanQrCode } from './support/solana-pay-wallet';

const [trailerId] = content.trailers.find(([, t]) => t.locked)!;
const trailerPath = `trailers/${trailerId}`;

/** Buys the locked trailer on the main site with a QR code; answers the playback link the dialog plays it with. */
async function buyTrailer(page: Page) {
  await page.goto(`/watch/${trailerPath}`);
  await page
    .getByRole('button', { name: /Pay with Solana/ })
    .first()
    .click();
  const dialog = purchaseDialog(page);
  await payRequest(await scanQrCode(dialog.getByRole('img', { name: /Solana Pay QR code/ })));
  const video = dialog.locator('video');
  await expect(video).toHaveAttribute('src', /^\/api\/media\//, { timeout: 15_000 });
  return (await video.getAttribute('src'))!;
}

/** An instance of the site on a port of its own; page.request carries the buyer's cookies there (cookies ignore ports). */
async function instance(settings: Record<string, string>) {
  const url = `http://127.0.0.1:${await freePort()}`;
  return { url, server: await startSiteInstance(url, settings) };
}

const servers: (ChildProcess | undefined)[] = [];
let otherChain: LocalChain | undefined;
test.afterAll(async () => {
  servers.forEach(stopServer);
  await otherChain?.stop();
});

test('after a key rotation the previous key keeps the buyer’s cookie and open checkouts, and mints no checkout or media link', async ({ page }) => {
  test.setTimeout(120_000);
  const link = await buyTrailer(page);
  const checkout = (await (await page.request.post('/api/checkout', { data: { path: trailerPath }, headers: SAME_ORIGIN })).json()) as { checkout: string };
  // The old key is ENTITLEMENT_SECRET_PREVIOUS now: everything above was signed with it.
  const rotated = await instance({ ENTITLEMENT_SECRET: 'e2e-rotated-entitlement-secret-0123456789', ENTITLEMENT_SECRET_PREVIOUS: E2E_ENTITLEMENT_SECRET });
  servers.push(rotated.server);
  const origin = { origin: rotated.url };

  const owned = await page.request.get(`${rotated.url}/api/entitlements`);
  expect(((await owned.json()) as { paths: string[] }).paths).toEqual([trailerPath]);
  expect(owned.headers()['set-cookie']).toMatch(/solenema_browser=/);

  // The old checkout still names the server's copy, so a pending payment is never dropped as unknown.
  const post = (route: string) =>
    page.request.post(`${rotated.url}${route}`, { data: { checkout: checkout.checkout, signature: '5'.repeat(88) }, headers: origin });
  expect(await (await post('/api/payments/status')).json()).toMatchObject({ state: 'waiting' });
  expect((await post('/api/payments/verify')).status(), 'a signature that exists nowhere, looked for').toBe(404);
  const oldLink = await page.request.get(`${rotated.url}${link}`);
  expect(oldLink.status()).toBe(403);
  expect(((await oldLink.json()) as { error: string }).error).toMatch(/not valid/);
  // A link the new key signs plays.
  const fresh = (await (await page.request.get(`${rotated.url}/api/playback?video=${trailerPath}`)).json()) as { url: string };
  expect((await page.request.get(`${rotated.url}${fresh.url}`, { headers: { Range: 'bytes=0-15' } })).status()).toBe(206);
});

test('a purchase recorded on another cluster unlocks nothing', async ({ page }) => {
  test.setTimeout(120_000);
  await buyTrailer(page);
  otherChain = await startLocalChain({ port: await freePort(), genesisHash: Keypair.generate().publicKey.toBase58() });
  const elsewhere = await instance({ SOLANA_RPC_URL: otherChain.url });
  servers.push(elsewhere.server);
  expect(((await (await page.request.get(`${elsewhere.url}/api/entitlements`)).json()) as { paths: string[] }).paths).toEqual([]);
  expect((await page.request.get(`${elsewhere.url}/api/playback?video=${trailerPath}`)).status()).toBe(403);
  // On the cluster it was paid on, it still plays.
  expect(((await (await page.request.get('/api/entitlements')).json()) as { paths: string[] }).paths).toEqual([trailerPath]);
});
