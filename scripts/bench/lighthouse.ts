/**
 * Lighthouse beside the framework's floor (issue 33). The floor (bench/floor) and the site's pages take turns in
 * one run (floor, `/`, series page, floor, …), each turn in a headed Chromium under Xvfb (as a visitor's Chrome
 * runs) and in headless Chromium, so the host's load of the moment falls on every page and both browsers alike.
 * Each run is a fresh Chrome (Lighthouse's own launcher), scored with the host's CPU benchmark at the time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { LIGHTHOUSE, RESULTS_DIR, type Size } from './config';
import { log } from './stack';

export const MODES = ['headed', 'headless'] as const;
export type Mode = (typeof MODES)[number];
export const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'speed-index', 'cumulative-layout-shift'] as const;
export type Metric = (typeof METRICS)[number];

/** A page Lighthouse measures: the floor, or one of the site's. */
export interface Target {
  name: string;
  url: string;
}

export interface LighthouseRun {
  /** Performance score, ×100. */
  performance: number;
  /** Lighthouse's CPU benchmark of the host during the run (higher is faster; its docs take 1,000+ as a desktop-class machine). */
  benchmarkIndex: number;
  /**
   * The page had finished loading (observed, unthrottled) before Chrome presented its first frame: headless
   * Chrome's compositor offering a busy renderer one frame a second (viz's ThrottleUnresponsiveClient,
   * GoogleChrome/lighthouse#17148). Every script has then run before the observed first paint, and the
   * simulation counts them all ahead of it.
   */
  paintHeld: boolean;
  metrics: Record<Metric, number>;
  /** Accessibility, best practices, SEO, ×100. */
  scores: Record<string, number>;
  /** The run's longest main-thread task (as simulated on the throttled phone) and its main-thread time in all. */
  longestTask: { ms: number; url: string } | null;
  mainThreadMs: number;
  /** The opportunities and diagnostics that lost points, with their savings. */
  blamed: string[];
}

export interface PageLighthouse {
  target: Target;
  mode: Mode;
  version: string;
  /** In the order they ran. */
  runs: LighthouseRun[];
}

type Audit = {
  id: string;
  score: number | null;
  numericValue?: number;
  displayValue?: string;
  metricSavings?: Record<string, number>;
  details?: { items?: ({ url?: string; duration?: number; observedFirstPaint?: number; observedLoad?: number } & Record<string, unknown>)[] };
};
type Lhr = {
  lighthouseVersion: string;
  environment: { benchmarkIndex: number };
  categories: Record<string, { score: number }>;
  audits: Record<string, Audit>;
};

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function readRun(lhr: Lhr): LighthouseRun {
  const observed = lhr.audits['metrics']?.details?.items?.[0];
  const longest = lhr.audits['long-tasks']?.details?.items?.[0];
  const scores = Object.fromEntries(Object.entries(lhr.categories).map(([id, category]) => [id, Math.round(category.score * 100)]));
  return {
    performance: scores.performance!,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    paintHeld: observed?.observedLoad !== undefined && observed.observedFirstPaint !== undefined && observed.observedLoad < observed.observedFirstPaint,
    metrics: Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? NaN])) as Record<Metric, number>,
    scores,
    longestTask: longest?.duration === undefined ? null : { ms: Math.round(longest.duration), url: longest.url ?? '' },
    mainThreadMs: Math.round(lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN),
    blamed: Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 0.9 && (audit.metricSavings || (METRICS as readonly string[]).includes(audit.id)))
      .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`),
  };
}

/** An X server of its own for the headed runs; `-displayfd` has it pick a free display and name it. */
function startXvfb(): Promise<{ display: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const xvfb: ChildProcess = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
      stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
    });
    xvfb.on('error', reject);
    xvfb.on('exit', (code) => reject(new Error(`Xvfb exited with ${code} (Debian: apt-get install xvfb)`)));
    xvfb.stdio[3]!.once('data', (chunk: Buffer) => resolve({ display: `:${chunk.toString().trim()}`, stop: () => xvfb.kill() }));
  });
}

/** One Lighthouse run (its own Chrome) of `url`; the report is kept in `outputPath`. Never spawnSync: the chain the site reads lives in this process's event loop. */
function lighthouse(url: string, mode: Mode, outputPath: string, display: string): Promise<Lhr> {
  const chromeFlags = ['--no-sandbox', ...(mode === 'headless' ? ['--headless=new'] : [])].join(' ');
  const args = [url, '--output=json', `--output-path=${outputPath}`, '--quiet', `--chrome-flags=${chromeFlags}`, `--only-categories=${LIGHTHOUSE.categories}`];
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['lighthouse', ...args], {
      env: { ...process.env, CHROME_PATH: chromiumPath ?? '', DISPLAY: display },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(readFileSync(outputPath, 'utf8')) as Lhr) : reject(new Error(`lighthouse ${url} (${mode}) exited with ${code}`)),
    );
  });
}

/**
 * One visit of each page as Lighthouse's phone (412 px at 1.75× density) before any run: the image optimizer then
 * has every size it asks for in its cache, as a CDN would, and the first runs do not time its encoding.
 */
async function warmUp(targets: Target[]) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true });
    const page = await context.newPage();
    for (const { url } of targets) await page.goto(url, { waitUntil: 'networkidle' });
  } finally {
    await browser.close();
  }
}

/** LIGHTHOUSE.runs turns of every target in both modes; reports under bench/results/lighthouse/{size}. */
export async function measureLighthouse(size: Size, targets: Target[], runs: number = LIGHTHOUSE.runs): Promise<{ size: Size; pages: PageLighthouse[] }> {
  const outputDir = `${RESULTS_DIR}/lighthouse/${size}`;
  rmSync(outputDir, { recursive: true, force: true });
  mkdirSync(outputDir, { recursive: true });
  await warmUp(targets);
  const pages = targets.flatMap((target) => MODES.map((mode): PageLighthouse => ({ target, mode, version: '', runs: [] })));
  const xvfb = await startXvfb();
  try {
    for (let turn = 1; turn <= runs; turn++) {
      for (const page of pages) {
        const file = `${outputDir}/${page.target.name.replace(/[^\w-]+/g, '_')}-${page.mode}-${turn}.json`;
        const lhr = await lighthouse(page.target.url, page.mode, file, xvfb.display);
        const run = readRun(lhr);
        page.version = lhr.lighthouseVersion;
        page.runs.push(run);
        log(
          `lighthouse ${size} ${page.target.name} ${page.mode} ${turn}/${runs}: ${run.performance}@${run.benchmarkIndex}${run.paintHeld ? '†' : ''}` +
            ` LCP ${Math.round(run.metrics['largest-contentful-paint'])} ms, TBT ${Math.round(run.metrics['total-blocking-time'])} ms`,
        );
      }
    }
  } finally {
    xvfb.stop();
  }
  return { size, pages };
}
