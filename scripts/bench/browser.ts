/**
 * The script a first visit downloads, counted by the e2e suite's own counter (e2e/support/first-load.ts;
 * e2e/first-load.spec.ts gates the budget), beside the framework's floor measured the same way, and what the first
 * pay click adds. Lighthouse is scripts/bench/lighthouse.ts.
 */
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { gzipBytes, scriptsAddedByPayClick, visit, walletScripts } from '../../e2e/support/first-load';
import { pinnedFloor } from '../../e2e/support/floor';
import type { Stack } from './stack';

export interface Bytes {
  path: string;
  jsGzip: number;
  scripts: number;
  walletScripts: number;
  /** JS the first click on a pay button adds (gzip), and how much of it is wallet code. */
  payClick: { gzip: number; walletGzip: number } | null;
}

export interface BytesBesideFloor {
  /** The floor's script, measured in this run, and as pinned for e2e/first-load.spec.ts (e2e/support/floor.json). */
  floor: { jsGzip: number; scripts: number; pinnedGzip: number };
  pages: Bytes[];
}

export async function measureBytes(stack: Stack, paths: readonly string[], floorUrl: string): Promise<BytesBesideFloor> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const floorPage = await (await browser.newContext({ baseURL: floorUrl })).newPage();
    const { gzip: floorGzip, scripts: floorScripts } = await visit(floorPage, '/');
    await floorPage.context().close();
    const floor = { jsGzip: floorGzip, scripts: floorScripts.length, pinnedGzip: pinnedFloor().scriptGzipBytes };
    const results: Bytes[] = [];
    for (const path of paths) {
      const page = await (await browser.newContext({ baseURL: stack.url })).newPage();
      const visited = await visit(page, path);
      const { scripts, gzip } = visited;
      const result: Bytes = { path, jsGzip: gzip, scripts: scripts.length, walletScripts: walletScripts(scripts).length, payClick: null };
      if ((await page.getByRole('button', { name: /Pay with Solana/ }).count()) > 0) {
        const added = await scriptsAddedByPayClick(page, visited);
        result.payClick = { gzip: gzipBytes(added), walletGzip: gzipBytes(walletScripts(added)) };
      }
      results.push(result);
      await page.context().close();
    }
    return { floor, pages: results };
  } finally {
    await browser.close();
  }
}
