import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/offline';

/** Home's budget for the JavaScript a first visit downloads before the page has loaded. */
const HOME_BUDGET_GZIP_BYTES = 150 * 1024;
/** Strings only the wallet adapter or web3.js bundles carry, minified or not. */
const WALLET_MARKERS = ['PhantomWalletAdapter', 'WalletReadyState', 'SystemProgram', 'TransactionInstruction'];

/** Scripts a visit downloads: those before the load event (the first load), and all until the network is idle. */
async function visit(page: Page, path: string) {
  const scripts: { url: string; body: Buffer; beforeLoad: boolean }[] = [];
  let loaded = false;
  page.on('load', () => (loaded = true));
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const beforeLoad = !loaded;
    scripts.push({ url: response.url(), body: await response.body(), beforeLoad });
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const firstLoad = scripts.filter((s) => s.beforeLoad);
  const gzip = firstLoad.reduce((sum, s) => sum + gzipSync(s.body).length, 0);
  console.log(`[first-load] ${path}: ${firstLoad.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip before load; ${scripts.length} scripts until idle`);
  return { scripts, gzip };
}

test('home: first-load JavaScript within 150 KB gzip', async ({ page }) => {
  const { gzip } = await visit(page, '/');
  expect(gzip).toBeLessThanOrEqual(HOME_BUDGET_GZIP_BYTES);
});

for (const path of ['/', '/series/harbor-lights', '/watch/trailers/iron-meridian', '/solenema-wallet']) {
  test(`${path}: no wallet or web3 code until a pay button is clicked`, async ({ page }) => {
    const { scripts } = await visit(page, path);
    const wallet = scripts.filter((s) => WALLET_MARKERS.some((marker) => s.body.includes(marker)));
    expect(wallet.map((s) => s.url)).toEqual([]);
  });
}
