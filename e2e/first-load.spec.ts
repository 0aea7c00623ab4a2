import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILE_HINT } from '../lib/build/compile-hints';
import { scriptsAddedByPayClick, visit, WALLET_MARKERS, walletScripts } from './support/first-load';
import { expect, test } from './support/offline';

/**
 * The budget for the JavaScript a first visit downloads before any interaction, to network idle. Next.js
 * 16 and React 19 alone take 131.7 KB gzip for an empty App Router page (docs/performance.md); the
 * site's own code on top of that is held to about 13 KB.
 */
const FIRST_VISIT_BUDGET_GZIP_BYTES = 145 * 1024;

for (const path of ['/', '/series/harbor-lights']) {
  test(`${path}: the JavaScript a visit downloads before any interaction is within 145 KB gzip`, async ({ page }) => {
    const { gzip } = await visit(page, path);
    expect(gzip).toBeLessThanOrEqual(FIRST_VISIT_BUDGET_GZIP_BYTES);
  });
}

for (const path of ['/', '/series/harbor-lights', '/watch/trailers/iron-meridian', '/solenema-wallet']) {
  test(`${path}: no wallet or web3 code until a pay button is clicked`, async ({ page }) => {
    const { scripts } = await visit(page, path);
    expect(walletScripts(scripts).map((s) => s.url)).toEqual([]);
  });
}

test('the wallet check sees wallet code: each marker is in the build, and the first pay click brings it', async ({ page }) => {
  // The checks above find nothing when a marker is minified away: each must be in the build's client chunks.
  const chunksDir = '.next/static/chunks';
  const chunks = readdirSync(chunksDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(chunksDir, file), 'utf8'));
  for (const [library, marker] of Object.entries(WALLET_MARKERS))
    expect(
      chunks.some((chunk) => chunk.includes(marker)),
      `${library}: ${marker}`,
    ).toBe(true);

  const added = await scriptsAddedByPayClick(page, await visit(page, '/watch/trailers/iron-meridian'));
  expect(walletScripts(added).length).toBeGreaterThan(0);
});

test("the framework's start-up scripts ask V8 to compile them while they download, not on the main thread", async ({ page }) => {
  // The site under test is the build in .next (global-setup); its manifest names what every page starts with.
  const { rootMainFiles } = JSON.parse(readFileSync('.next/build-manifest.json', 'utf8')) as { rootMainFiles: string[] };
  const loaded = new Map((await visit(page, '/')).scripts.filter((s) => s.beforeLoad).map((s) => [new URL(s.url).pathname, s.body]));
  // React DOM, Next's router and Turbopack's runtime at least.
  expect(rootMainFiles.length).toBeGreaterThanOrEqual(3);
  for (const file of rootMainFiles) {
    const body = loaded.get(`/_next/${file}`);
    expect(body, file).toBeDefined();
    expect(body!.subarray(0, COMPILE_HINT.length).toString(), file).toBe(COMPILE_HINT);
  }
});
