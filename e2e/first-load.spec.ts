import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COMPILE_HINT } from '../lib/build/compile-hints';
import { scriptsAddedByPayClick, SHARE_MARKER, visit, WALLET_MARKERS, walletScripts } from './support/first-load';
import { installedFramework, pinnedFloor, SCRIPT_ABOVE_FLOOR_BUDGET_BYTES } from './support/floor';
import { expect, test } from './support/offline';

/*
 * The JavaScript a first visit downloads before any interaction, to network idle, is budgeted as what the site adds
 * to the framework's floor: an App Router page of one heading built with the same Next and React (bench/floor),
 * counted the same way. The floor's figure is pinned (e2e/support/floor.json) rather than built in every run; the
 * bench builds it again each time and reports any difference.
 */
const floor = pinnedFloor();

test("the framework's floor was measured with the Next and React installed", () => {
  expect({ next: floor.next, react: floor.react, reactDom: floor.reactDom }, 'measure it again: npm run floor:measure').toEqual(installedFramework());
});

for (const path of ['/', '/series/harbor-lights']) {
  test(`${path}: the site's own JavaScript before any interaction is at most 8 KB gzip above the framework's floor`, async ({ page }) => {
    const { gzip } = await visit(page, path);
    console.log(
      `[first-load] ${path}: ${((gzip - floor.scriptGzipBytes) / 1024).toFixed(1)} KB above the floor (${(floor.scriptGzipBytes / 1024).toFixed(1)} KB)`,
    );
    expect(gzip - floor.scriptGzipBytes).toBeLessThanOrEqual(SCRIPT_ABOVE_FLOOR_BUDGET_BYTES);
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

test("a title page's Share button brings its code with its click, none before", async ({ page }) => {
  // The check below finds nothing if the marker is minified away: it must be in the build's client chunks.
  const chunksDir = '.next/static/chunks';
  const chunks = readdirSync(chunksDir, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
  expect(chunks.some((file) => readFileSync(join(chunksDir, file), 'utf8').includes(SHARE_MARKER))).toBe(true);

  const visited = await visit(page, '/series/harbor-lights');
  const shareCode = (scripts: typeof visited.scripts) => scripts.filter((s) => s.body.includes(SHARE_MARKER));
  expect(shareCode(visited.scripts).map((s) => s.url)).toEqual([]);
  const before = visited.scripts.length;
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Share\b/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Share Harbor Lights' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await visited.settled();
  expect(shareCode(visited.scripts.slice(before))).toHaveLength(1);
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
