/**
 * `npm run floor:measure`: builds the framework's floor (bench/floor), measures the script a visit of it downloads
 * as e2e/first-load.spec.ts measures the site's, and pins the figure with the Next and React versions it was taken
 * with (e2e/support/floor.json). Run it after upgrading either; the spec fails on a pin of other versions. The
 * bench builds and measures the floor again on every run and reports any difference from the pin.
 */
import { chromium } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../e2e/support/chromium';
import { buildFloor, installedFramework, PINNED_FLOOR_FILE, startFloor, type PinnedFloor } from '../e2e/support/floor';
import { visit } from '../e2e/support/first-load';
import { freePort } from '../e2e/support/processes';

async function main() {
  await buildFloor();
  const floor = await startFloor(await freePort());
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await (await browser.newContext({ baseURL: floor.url })).newPage();
    const { gzip } = await visit(page, '/');
    const pin: PinnedFloor = { ...installedFramework(), scriptGzipBytes: gzip, measuredAt: new Date().toISOString() };
    writeFileSync(PINNED_FLOOR_FILE, `${JSON.stringify(pin, null, 2)}\n`);
    process.stdout.write(`${PINNED_FLOOR_FILE}: ${JSON.stringify(pin)}\n`);
  } finally {
    await browser.close();
    floor.stop();
  }
}

void main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
