/**
 * What a browser sees. Bytes: the scripts a first visit downloads, counted by the e2e suite's own counter
 * (e2e/support/first-load.ts; e2e/first-load.spec.ts gates the budgets), and what the first pay click adds.
 * Lighthouse: Lighthouse CI with lighthouserc.cjs (collect, upload to bench/results/lighthouse, assert).
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { gzipBytes, visit, walletScripts } from '../../e2e/support/first-load';
import { log, type Stack } from './stack';

export interface Bytes {
  path: string;
  jsGzip: number;
  scripts: number;
  walletScripts: number;
  /** JS the first click on a pay button adds (gzip), and how much of it is wallet code. */
  payClick: { gzip: number; walletGzip: number } | null;
}

export async function measureBytes(stack: Stack, paths: readonly string[]): Promise<Bytes[]> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const results: Bytes[] = [];
    for (const path of paths) {
      const page = await (await browser.newContext({ baseURL: stack.url })).newPage();
      const { scripts, gzip, settled } = await visit(page, path);
      const first = scripts.length;
      const result: Bytes = { path, jsGzip: gzip, scripts: first, walletScripts: walletScripts(scripts).length, payClick: null };
      const pay = page.getByRole('button', { name: /Pay with Solana/ }).first();
      if ((await pay.count()) > 0) {
        await pay.click();
        await page.getByRole('img', { name: /Solana Pay QR code/ }).waitFor({ timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await settled();
        const added = scripts.slice(first);
        result.payClick = { gzip: gzipBytes(added), walletGzip: gzipBytes(walletScripts(added)) };
      }
      results.push(result);
      await page.context().close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

export interface Lighthouse {
  url: string;
  version: string;
  /** Performance score (×100) of every run, and their median. */
  performance: number[];
  median: number;
  /** The median run's scores and metrics. */
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** What the median run blames: the opportunities and diagnostics that lost points, with their savings. */
  blamed: string[];
}

type Manifest = { url: string; isRepresentativeRun: boolean; jsonPath: string; summary: Record<string, number> }[];
type Audit = { id: string; score: number | null; numericValue?: number; displayValue?: string; metricSavings?: Record<string, number> };
type Lhr = {
  lighthouseVersion: string;
  categories: Record<string, { score: number; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, Audit>;
};

/** Its exit code. Never spawnSync: the chain the site reads lives in this process's event loop. */
const lhci = (command: string) =>
  new Promise<number | null>((resolve) => spawn('npx', ['lhci', command], { stdio: ['ignore', 'inherit', 'inherit'] }).on('exit', resolve));
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

export async function measureLighthouse(): Promise<{ pages: Lighthouse[]; budgetMet: boolean }> {
  if ((await lhci('collect')) !== 0 || (await lhci('upload')) !== 0) throw new Error('lhci collect/upload failed');
  const budgetMet = (await lhci('assert')) === 0;
  const manifest = JSON.parse(readFileSync('bench/results/lighthouse/manifest.json', 'utf8')) as Manifest;
  const pages = [...new Set(manifest.map((run) => run.url))].map((url): Lighthouse => {
    const runs = manifest.filter((run) => run.url === url);
    const performance = runs.map((run) => Math.round((run.summary.performance ?? 0) * 100)).sort((a, b) => a - b);
    const lhr = JSON.parse(readFileSync(runs.find((run) => run.isRepresentativeRun)!.jsonPath, 'utf8')) as Lhr;
    const blamed = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.metricSavings || METRICS.includes(audit.id)))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
    return {
      url,
      version: lhr.lighthouseVersion,
      performance,
      median: performance[Math.floor(performance.length / 2)]!,
      scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)])),
      metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])),
      blamed,
    };
  });
  log(`lighthouse: ${pages.map((page) => `${page.url} ${page.performance.join('/')}`).join(', ')}`);
  return { pages, budgetMet };
}
