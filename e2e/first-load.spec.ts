import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

const BUDGET_GZIP_BYTES = 150 * 1024;
/** Strings that only the wallet adapter or web3.js bundle carries, minified or not. */
const WALLET_MARKERS = ['PhantomWalletAdapter', 'WalletReadyState', 'SystemProgram', 'TransactionInstruction'];

for (const path of ['/', '/series/harbor-lights', '/watch/trailers/iron-meridian']) {
  test(`first load of ${path}: JavaScript within budget and no wallet code`, async ({ page }) => {
    const scripts: { url: string; body: Buffer }[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'script') scripts.push({ url: response.url(), body: await response.body() });
    });
    await page.goto(path, { waitUntil: 'networkidle' });
    const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.body).length, 0);
    console.log(`[first-load] ${path}: ${scripts.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip`);
    expect(gzip).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
    const wallet = scripts.filter((s) => WALLET_MARKERS.some((marker) => s.body.includes(marker)));
    expect(wallet.map((s) => s.url)).toEqual([]);
  });
}
