import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test } from './support/offline';

/** The budget for the JavaScript a first visit downloads before any interaction, to network idle. */
const FIRST_VISIT_BUDGET_GZIP_BYTES = 150 * 1024;
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
  const gzipOf = (list: typeof scripts) => list.reduce((sum, s) => sum + gzipSync(s.body).length, 0);
  const gzip = gzipOf(scripts);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`[first-load] ${path}: ${scripts.length} scripts, ${kb(gzip)} gzip to network idle (${kb(gzipOf(scripts.filter((s) => s.beforeLoad)))} before load)`);
  return { scripts, gzip };
}

// Counted to network idle, not only to the load event: code fetched after load (lazy chunks, other
// routes prefetched by links in view) is downloaded by a visitor who has not touched anything yet.
for (const path of ['/', '/series/harbor-lights']) {
  test(`${path}: the JavaScript a visit downloads before any interaction is within 150 KB gzip`, async ({ page }) => {
    const { gzip } = await visit(page, path);
    expect(gzip).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_GZIP_BYTES);
  });
}

for (const path of ['/', '/series/harbor-lights', '/watch/trailers/iron-meridian', '/solenema-wallet']) {
  test(`${path}: no wallet or web3 code until a pay button is clicked`, async ({ page }) => {
    const { scripts } = await visit(page, path);
    const wallet = scripts.filter((s) => WALLET_MARKERS.some((marker) => s.body.includes(marker)));
    expect(wallet.map((s) => s.url)).toEqual([]);
  });
}
