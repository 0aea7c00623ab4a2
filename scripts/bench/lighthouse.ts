/**
 * Lighthouse 12 (mobile preset: its default config) against the local production server, driving
 * Debian's Chromium through chrome-launcher. Chromium resolves no host but loopback, so neither the
 * page nor Lighthouse can reach the internet. Full HTML reports are kept beside the results.
 *
 * Both packages are loaded with a dynamic import(), natively as the ES modules they are: a static import
 * would have tsx transpile them to CommonJS with esbuild's keepNames, whose `__name(...)` helper then
 * ends up in the functions Lighthouse sends into the page, where it does not exist.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, RESULTS_DIR } from './config';
import { foreignCpuPercent, sampleCpu } from './machine';
import type { Target } from './targets';
import { errorMessage, log } from './util';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface LighthouseResult {
  path: string;
  /** Runs made; the scores below are those of the median run. */
  runs: number;
  /** Performance score of every run, to show the spread. */
  performanceScores: number[];
  /** Scores ×100, null where Lighthouse could not score a category. */
  scores: Record<Category, number | null> | null;
  /** Key metrics of the performance category, in ms (CLS unitless). */
  metrics: Record<string, number | null>;
  /** Audits that lost points, per category: what to fix to reach the goal. */
  failing: Record<string, FailingAudit[]>;
  warnings: string[];
  /** CPU share (% of all cores) other processes used during the audit: Lighthouse's performance score is sensitive to it. */
  foreignCpuPercent: number | null;
  report: string | null;
  error: string | null;
}

export interface FailingAudit {
  id: string;
  score: number;
  displayValue: string | null;
  /** The first few items the audit lists (console errors, offending URLs or elements). */
  items: string[];
}

/** A one-line summary of an audit's detail item. */
function describeItem(item: Record<string, unknown>): string {
  const location = item.sourceLocation as { url?: string } | undefined;
  const node = item.node as { snippet?: string } | undefined;
  const parts = [item.description, location?.url ?? item.url ?? item.source, node?.snippet].filter(
    (part): part is string => typeof part === 'string' && part.length > 0,
  );
  return (parts.length > 0 ? parts.join(' · ') : JSON.stringify(item)).slice(0, 300);
}

function failingAudit(audit: { id: string; score: number | null; displayValue?: string; details?: unknown }): FailingAudit {
  const details = audit.details as { items?: unknown[] } | undefined;
  const items = (details?.items ?? [])
    .filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    .slice(0, 5)
    .map(describeItem);
  return { id: audit.id, score: Math.round((audit.score ?? 0) * 100), displayValue: audit.displayValue ?? null, items };
}

const METRICS = {
  fcpMs: 'first-contentful-paint',
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speedIndexMs: 'speed-index',
} as const;

function slug(pagePath: string): string {
  return pagePath === '/' ? 'home' : pagePath.replace(/^\/|\/$/g, '').replace(/[^\w-]+/g, '_');
}

type RunnerResult = NonNullable<Awaited<ReturnType<(typeof import('lighthouse'))['default']>>>;

/** One Lighthouse run of a page. */
async function runOnce(port: number, url: string): Promise<RunnerResult> {
  const { default: lighthouse } = await import('lighthouse');
  const run = await lighthouse(url, {
    port,
    output: 'html',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    disableFullPageScreenshot: true,
  });
  if (!run) throw new Error('lighthouse returned no result');
  if (run.lhr.runtimeError) throw new Error(`${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`);
  return run;
}

/**
 * Audits a page `runs` times and keeps the median run, chosen as Lighthouse recommends (closest to the
 * median FCP and TTI), so one run disturbed by the shared machine does not decide the scores.
 */
async function audit(
  port: number,
  siteUrl: string,
  target: Target,
  runs: number,
  groups: (number | undefined)[],
): Promise<LighthouseResult> {
  const result: LighthouseResult = {
    path: target.path,
    runs: 0,
    performanceScores: [],
    scores: null,
    metrics: {},
    failing: {},
    warnings: [],
    foreignCpuPercent: null,
    report: null,
    error: null,
  };
  try {
    const before = sampleCpu(groups);
    const results: RunnerResult[] = [];
    for (let i = 0; i < runs; i += 1) results.push(await runOnce(port, `${siteUrl}${target.path}`));
    result.foreignCpuPercent = foreignCpuPercent(before, sampleCpu(groups));
    result.runs = results.length;
    result.performanceScores = results.map((run) => Math.round((run.lhr.categories.performance?.score ?? 0) * 100));

    const { computeMedianRun } = await import('lighthouse/core/lib/median-run.js');
    const medianLhr = results.length > 1 ? computeMedianRun(results.map((run) => run.lhr)) : results[0]?.lhr;
    const median = results.find((run) => run.lhr === medianLhr) ?? results[0];
    if (!median) throw new Error('no Lighthouse run');
    const { lhr } = median;

    const scores = {} as Record<Category, number | null>;
    for (const category of CATEGORIES) {
      const entry = lhr.categories[category];
      scores[category] = entry?.score == null ? null : Math.round(entry.score * 100);
      result.failing[category] = (entry?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id])
        .filter((entryAudit) => entryAudit !== undefined && entryAudit.score !== null && entryAudit.score < 1)
        .map((entryAudit) => failingAudit(entryAudit as NonNullable<typeof entryAudit>));
    }
    result.scores = scores;
    for (const [name, id] of Object.entries(METRICS)) result.metrics[name] = lhr.audits[id]?.numericValue ?? null;
    result.warnings = lhr.runWarnings;
    const report = path.join(RESULTS_DIR, `lighthouse-${slug(target.path)}.html`);
    writeFileSync(report, Array.isArray(median.report) ? median.report.join('\n') : median.report);
    result.report = path.relative(process.cwd(), report);
    log(
      `lighthouse ${target.path}: ${CATEGORIES.map((category) => `${category} ${scores[category] ?? '?'}`).join(', ')} ` +
        `(median of ${results.length}; performance ${result.performanceScores.join('/')})`,
    );
  } catch (error) {
    result.error = errorMessage(error);
    log(`lighthouse ${target.path}: ${result.error}`);
  }
  return result;
}

export interface ChromeHandle {
  kill(): void;
}

/**
 * Audits each page in turn (`runs` times) in one Chromium. `serverPgid` is the server's process group (its CPU is not
 * noise); `onLaunch` receives a handle so the caller can kill Chromium from a signal handler.
 */
export async function measureLighthouse(
  siteUrl: string,
  targets: Target[],
  runs: number,
  serverPgid?: number,
  onLaunch: (chrome: ChromeHandle) => void = () => {},
): Promise<LighthouseResult[]> {
  const chromeLauncher = await import('chrome-launcher');
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    handleSIGINT: false,
    logLevel: 'silent',
  });
  onLaunch(chrome);
  try {
    const results: LighthouseResult[] = [];
    for (const target of targets) results.push(await audit(chrome.port, siteUrl, target, runs, [serverPgid, chrome.pid]));
    return results;
  } finally {
    chrome.kill();
  }
}
