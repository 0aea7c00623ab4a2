/**
 * What a browser sees. Bytes: the scripts a first visit downloads, counted by the e2e suite's own counter
 * (e2e/support/first-load.ts; e2e/first-load.spec.ts gates the budgets), and what the first pay click adds.
 * Lighthouse: Lighthouse CI with lighthouserc.cjs (collect, upload to bench/results/lighthouse/{size}, assert),
 * each score with the host's CPU benchmark at the time, which it follows.
 */
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { gzipBytes, scriptsAddedByPayClick, visit, walletScripts } from '../../e2e/support/first-load';
import { LIGHTHOUSE_PAGES, RESULTS_DIR, SITE_URL, type Size } from './config';
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
    return results;
  } finally {
    await browser.close();
  }
}

type Assertion = [level: string, options: { minScore?: number; maxNumericValue?: number; aggregationMethod: string }];
/** The budgets `lhci assert` judges (lighthouserc.cjs, beside package.json: the bench runs from there), read so the report shows the same goals. */
export const BUDGETS = (createRequire(`${process.cwd()}/`)('./lighthouserc.cjs') as { ci: { assert: { assertions: Record<string, Assertion> } } }).ci.assert
  .assertions;

export interface LighthouseRun {
  /** Performance score, ×100. */
  performance: number;
  /** Lighthouse's CPU benchmark of the host during the run (higher is faster; its docs take 1,000+ as a desktop-class machine). */
  benchmarkIndex: number;
  /** The run lhci reports as the median (its `isRepresentativeRun`: nearest the median first paint and time to interactive). */
  median: boolean;
  /**
   * The page had finished loading (observed, unthrottled) before Chrome presented its first frame. That is headless
   * Chrome's compositor offering the page one frame a second (viz's ThrottleUnresponsiveClient, GoogleChrome/lighthouse#17148),
   * not the page: every script has then run before the observed first paint, so the simulation counts them all ahead of it.
   */
  paintHeld: boolean;
}

export interface Lighthouse {
  url: string;
  version: string;
  /** Every run, in the order they ran. */
  runs: LighthouseRun[];
  /** Each metric's median over the runs (what the metric budgets judge). */
  medians: Record<string, number>;
  /** The median run's category scores. */
  scores: Record<string, number>;
  /** The median run's longest main-thread task (as simulated on the throttled phone) and its main-thread time in all. */
  longestTask: { ms: number; url: string } | null;
  mainThreadMs: number;
  /** What the median run blames: the opportunities and diagnostics that lost points, with their savings. */
  blamed: string[];
}

type Manifest = { url: string; isRepresentativeRun: boolean; jsonPath: string }[];
type Observed = { observedFirstPaint: number; observedLoad: number };
type Audit = {
  id: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number>;
  details?: { items?: ({ url?: string; duration?: number } & Partial<Observed>)[] };
};
type Lhr = {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
};

/** Its exit code. Never spawnSync: the chain the site reads lives in this process's event loop. */
const lhci = (args: string[]) =>
  new Promise<number | null>((resolve) => spawn('npx', ['lhci', ...args], { stdio: ['ignore', 'inherit', 'inherit'] }).on('exit', resolve));
export const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function paintHeld(lhr: Lhr): boolean {
  const observed = lhr.audits['metrics']?.details?.items?.[0];
  return observed?.observedLoad !== undefined && observed.observedFirstPaint !== undefined && observed.observedLoad < observed.observedFirstPaint;
}

function page(url: string, manifest: Manifest): Lighthouse {
  const runs = manifest.filter((run) => run.url === url).map((run) => ({ ...run, lhr: JSON.parse(readFileSync(run.jsonPath, 'utf8')) as Lhr }));
  const { lhr } = runs.find((run) => run.isRepresentativeRun)!;
  const longest = lhr.audits['long-tasks']?.details?.items?.[0];
  return {
    url,
    version: lhr.lighthouseVersion,
    runs: runs.map((run) => ({
      performance: Math.round(run.lhr.categories.performance!.score * 100),
      benchmarkIndex: Math.round(run.lhr.environment.benchmarkIndex),
      median: run.isRepresentativeRun,
      paintHeld: paintHeld(run.lhr),
    })),
    medians: Object.fromEntries(METRICS.map((id) => [id, median(runs.map((run) => run.lhr.audits[id]?.numericValue ?? NaN))])),
    scores: Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)])),
    longestTask: longest?.duration === undefined ? null : { ms: Math.round(longest.duration), url: longest.url ?? '' },
    mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN),
    blamed: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.metricSavings || METRICS.includes(audit.id)))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
  };
}

/** Lighthouse CI on this size's pages (LIGHTHOUSE_PAGES); each size's reports go to their own folder. */
export async function measureLighthouse(size: Size): Promise<{ size: Size; pages: Lighthouse[]; budgetMet: boolean }> {
  const outputDir = `${RESULTS_DIR}/lighthouse/${size}`;
  rmSync(outputDir, { recursive: true, force: true });
  const urls = LIGHTHOUSE_PAGES[size].map((path) => `--url=${SITE_URL}${path}`);
  if ((await lhci(['collect', ...urls])) !== 0 || (await lhci(['upload', `--outputDir=${outputDir}`])) !== 0) throw new Error('lhci collect/upload failed');
  const budgetMet = (await lhci(['assert'])) === 0;
  const manifest = JSON.parse(readFileSync(`${outputDir}/manifest.json`, 'utf8')) as Manifest;
  const pages = [...new Set(manifest.map((run) => run.url))].map((url) => page(url, manifest));
  for (const { url, runs } of pages)
    log(`lighthouse ${size} ${url}: ${runs.map((run) => `${run.performance}@${run.benchmarkIndex}${run.paintHeld ? '†' : ''}`).join(' ')}`);
  return { size, pages, budgetMet };
}
