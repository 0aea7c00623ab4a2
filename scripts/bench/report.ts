/**
 * The one table `npm run bench` prints (Markdown, so it can be pasted as is into a note), and the
 * same data as JSON under bench/results/.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BytesResult, Totals } from './bytes';
import { GOALS, RESULTS_DIR } from './config';
import { CATEGORIES, type LighthouseResult } from './lighthouse';
import type { LoadKindResult, LoadResult as MixedLoadResult } from './load';
import type { ReadsResult } from './reads';
import type { ScaleResult } from './scale';
import type { SearchBenchResult } from './search';
import type { BuildInfo } from './server';
import type { Target } from './targets';
import type { ThroughputResult } from './throughput';
import { kb } from './util';

export interface BenchResults {
  startedAt: string;
  finishedAt: string;
  environment: { node: string; cpus: number; platform: string; chromium: string | null };
  build: BuildInfo | null;
  settings: Record<string, unknown>;
  targets: Target[];
  /** Pages that could not be chosen (thin catalog). */
  missingTargets: string[];
  throughput: ThroughputResult[];
  /** `load`: mixed traffic, null when not run (or failed: see errors). */
  load: MixedLoadResult | null;
  /** The same traffic against a second site whose limits live in Redis (REDIS_URL), null when not run. */
  loadRedis: MixedLoadResult | null;
  bytes: BytesResult[];
  reads: ReadsResult[];
  lighthouse: LighthouseResult[];
  /** `search`: the index measured in process, null when not run. */
  search: SearchBenchResult[] | null;
  /** `scale`: the site at two catalog sizes, null when not run. */
  scale: ScaleResult[] | null;
  /** Failures of the bench itself (a measurement that could not run). */
  errors: string[];
  table?: string;
}

type Met = boolean | null | 'error';
type Row = [page: string, measure: string, value: string, goal: string, met: Met];

const mark = (met: Met) => (met === 'error' ? 'ERROR' : met === null ? '' : met ? '✓' : '✗');
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(1));
const notOk = (status: number | null) => `HTTP ${status ?? '?'}: not measured`;
const short = (text: string) => (text.length > 90 ? `${text.slice(0, 87)}...` : text);
const others = (percent: number | null) => (percent === null ? [] : [`others' CPU ${percent.toFixed(0)}%`]);

/** A static file's path, shortened to keep the table narrow (the JSON has it whole). */
function shortFile(file: string): string {
  if (file.startsWith('.next/static/')) return file.slice('.next/static/'.length);
  const parts = file.split('/');
  return parts.length > 3 ? `${parts[0]}/…/${parts[parts.length - 1]}` : file;
}

function throughputRows(result: ThroughputResult): Row[] {
  const page = result.path;
  if (result.error) return [[page, 'req/s page vs static', `error: ${short(result.error)}`, `ratio ≥ ${GOALS.ratio}`, 'error']];
  if (result.status !== 200 || !result.page || !result.static) return [[page, 'req/s page vs static', notOk(result.status), '', null]];
  const { page: p, static: s } = result;
  const ratio = result.ratio ?? 0;
  const failures = p.non2xx + p.errors + s.non2xx + s.errors;
  return [
    [
      page,
      'req/s page vs static',
      `${p.requestsPerSecond.toFixed(0)} vs ${s.requestsPerSecond.toFixed(0)} = ${ratio.toFixed(2)}`,
      `ratio ≥ ${GOALS.ratio}`,
      failures > 0 ? 'error' : ratio >= GOALS.ratio,
    ],
    [
      page,
      'p50/p99 ms page vs static',
      [
        `${ms(p.latencyP50Ms)}/${ms(p.latencyP99Ms)} vs ${ms(s.latencyP50Ms)}/${ms(s.latencyP99Ms)}`,
        ...(failures > 0 ? [`${failures} failed requests`] : []),
        ...others(result.foreignCpuPercent),
      ].join(' · '),
      '',
      null,
    ],
    [
      page,
      'static file compared',
      `${shortFile(s.file)}, ${kb(s.bytes)} (page ${kb(result.htmlBytes ?? 0)}, cache ${result.cache ?? 'none'})`,
      '',
      null,
    ],
  ];
}

function bytesRows(result: BytesResult, budgeted: boolean): Row[] {
  const page = result.path;
  if (result.error) return [[page, 'JS/CSS loaded', `error: ${short(result.error)}`, '', 'error']];
  if (result.status !== 200 || !result.js || !result.css) return [[page, 'JS/CSS loaded', notOk(result.status), '', null]];
  const describe = (totals: Totals) =>
    `${kb(totals.gzipBytes)} gzip, ${kb(totals.rawBytes)} raw, ${totals.files} files` +
    (totals.gzipBytesAfterLoad > 0 ? ` (${kb(totals.gzipBytesAfterLoad)} gzip after load)` : '');
  const js = describe(result.js);
  const css = describe(result.css);
  const libraries = [...new Set(result.walletFiles.flatMap((file) => file.libraries))];
  return [
    [
      page,
      'JS loaded',
      js,
      // The budget is everything a visit downloads before any interaction, to network idle.
      budgeted ? `≤ ${kb(GOALS.firstVisitJsGzipBytes)} gzip to network idle` : '',
      budgeted ? result.js.gzipBytes <= GOALS.firstVisitJsGzipBytes : null,
    ],
    [page, 'CSS loaded', css, '', null],
    [
      page,
      'wallet/web3 code loaded',
      libraries.length === 0 ? 'none' : `${libraries.join(', ')} in ${result.walletFiles.length} file(s)`,
      'none',
      libraries.length === 0,
    ],
    ...(result.payClick
      ? [
          [
            page,
            'JS the first pay click adds',
            `${kb(result.payClick.gzipBytes)} gzip in ${result.payClick.files} files, ${kb(result.payClick.walletGzipBytes)} of it wallet/web3 code (QR code drawn on the server: 0 B)`,
            '',
            null,
          ] satisfies Row,
        ]
      : []),
  ];
}

function readsRows(result: ReadsResult): Row[] {
  const page = result.path;
  if (result.error) return [[page, 'Firestore reads', `error: ${short(result.error)}`, '', 'error']];
  if (result.status !== 200 || !result.cold || !result.cached) return [[page, 'Firestore reads', notOk(result.status), '', null]];
  const caches = (responses: { cache: string | null }[]) => responses.map((r) => r.cache ?? 'none').join(', ');
  return [
    [
      page,
      'reads cold (revalidated)',
      `${result.cold.documents} docs in ${result.cold.rpcs} RPCs (cache ${caches(result.cold.responses)})`,
      '',
      null,
    ],
    [
      page,
      'reads cached',
      `${result.cached.documents} docs in ${result.cached.rpcs} RPCs (cache ${caches(result.cached.responses)})`,
      String(GOALS.cachedReads),
      result.cached.documents <= GOALS.cachedReads,
    ],
  ];
}

type LoadFigures = Omit<LoadKindResult, 'kind' | 'method' | 'path' | 'statuses'>;

const loadValue = (f: LoadFigures) =>
  `${f.requestsPerSecond.toFixed(0)} req/s · p50/p99 ${ms(f.latencyP50Ms)}/${ms(f.latencyP99Ms)} ms · ` +
  `2xx ${f.ok} (206 ${f.partial}) · 429 ${f.limited} · errors ${f.errors}`;

/** A playback link's token is long and says nothing in a table. */
const loadPage = (path: string) => short(path.replace(/^\/api\/media\/[^/]+/, '/api/media/{token}')).slice(0, 40);

function loadRows(result: MixedLoadResult, store: 'memory' | 'redis'): Row[] {
  const measure = `load ${result.connections} conn ${result.durationSeconds} s${store === 'redis' ? ' (limits in Redis)' : ''}`;
  return [
    ...result.kinds.map((kind): Row => [`${kind.method} ${loadPage(kind.path)}`, `${measure}: ${kind.kind}`, loadValue(kind), '', kind.errors === 0]),
    ['(all)', `${measure}: total`, loadValue(result.total), '0 errors other than deliberate 429s', result.total.errors === 0],
  ];
}

const SHORT = { performance: 'perf', accessibility: 'a11y', 'best-practices': 'bp', seo: 'seo' } as const;

function lighthouseRows(result: LighthouseResult): Row[] {
  const page = result.path;
  const goal = CATEGORIES.map((category) => GOALS.lighthouse[category]).join('/');
  const measure = 'Lighthouse perf/a11y/bp/seo';
  if (result.error) return [[page, measure, `error: ${short(result.error)}`, goal, 'error']];
  if (!result.scores) return [[page, measure, 'no scores', goal, 'error']];
  const scores = result.scores;
  const value = CATEGORIES.map((category) => scores[category] ?? '?').join('/');
  const below = (category: (typeof CATEGORIES)[number]) => (scores[category] ?? -1) < GOALS.lighthouse[category];
  const met = !CATEGORIES.some(below);
  const { fcpMs, lcpMs, tbtMs, cls } = result.metrics;
  const seconds = (value: number | null | undefined) => (value == null ? '?' : `${(value / 1000).toFixed(1)} s`);
  const tbt = tbtMs == null ? '?' : `${tbtMs.toFixed(0)} ms`;
  const metrics = `FCP ${seconds(fcpMs)}, LCP ${seconds(lcpMs)}, TBT ${tbt}, CLS ${cls == null ? '?' : cls.toFixed(3)}`;
  const toFix = CATEGORIES.filter((category) => category !== 'performance' && below(category)).map(
    (category) => `${SHORT[category]}: ${(result.failing[category] ?? []).map((audit) => audit.id).join(', ') || '?'}`,
  );
  const runs = result.runs > 1 ? `median of ${result.runs} runs (perf ${result.performanceScores.join(', ')})` : '1 run';
  return [
    [page, measure, value, goal, met],
    [page, 'Lighthouse details', [metrics, ...toFix].join(' · '), '', null],
    [page, 'Lighthouse runs', [runs, ...others(result.foreignCpuPercent)].join(' · '), '', null],
  ];
}

const precise = (value: number) => (value >= 10 ? value.toFixed(0) : value >= 1 ? value.toFixed(1) : value.toFixed(3));

function searchRows(result: SearchBenchResult): Row[] {
  const page = `search: ${result.catalog}`;
  return [
    [page, 'documents stored (titles, seasons, episodes, search entries)', String(result.documents), '', null],
    ...result.queries.map(
      (query): Row => [page, `one query "${query.query}"`, `${query.reads} reads · p50 ${precise(query.p50Ms)} ms · p95 ${precise(query.p95Ms)} ms · ${query.matches} matches`, '≤ 200 reads', query.reads <= 200],
    ),
  ];
}

/** One row per measure, the catalog sizes side by side in its value. */
function scaleRows(results: ScaleResult[]): Row[] {
  const sides = (value: (result: ScaleResult) => string) => results.map((result) => `${result.size}: ${value(result)}`).join(' · ');
  const worst = (result: ScaleResult, side: 'cold' | 'warm') => Math.max(...result.pages.map((page) => page[side] ?? 0));
  const rows: Row[] = [
    ['scale', 'build seconds', sides((r) => `${r.buildSeconds} s`), '', null],
    ['scale', 'largest page (HTML)', sides((r) => `${kb(r.largestPage.bytes)} ${r.largestPage.path}`), '< 400 KB', results.every((r) => r.largestPage.bytes < 400 * 1024)],
    ['scale', 'reads per page, never rendered (worst)', sides((r) => String(worst(r, 'cold'))), '', null],
    ['scale', 'reads per page, rendered (worst)', sides((r) => String(worst(r, 'warm'))), '0', results.every((r) => worst(r, 'warm') === 0)],
    ['scale', 'reads per search (max of 10 queries)', sides((r) => String(Math.max(...r.search.reads))), '≤ 200', results.every((r) => Math.max(...r.search.reads) <= 200)],
    ['scale', 'search p50 / p95', sides((r) => `${ms(r.search.p50Ms)} / ${ms(r.search.p95Ms)} ms`), '', null],
    ['scale', 'reads per checkout (first, again)', sides((r) => r.checkoutReads.join(', ')), '', null],
    ['scale', 'reads while idle (60 s; the backstop is a day)', sides((r) => String(r.idleReads)), '0', results.every((r) => r.idleReads === 0)],
    ['scale', 'server memory (RSS)', sides((r) => `${r.serverRssMb} MB`), '', null],
    ['scale', '"over 2MB" cache warnings', sides((r) => String(r.over2MbWarnings)), '0', results.every((r) => r.over2MbWarnings === 0)],
  ];
  for (const result of results) {
    for (const page of result.pages) rows.push([`scale ${result.size}: ${page.path}`, 'reads cold / warm', `${page.cold ?? '?'} / ${page.warm ?? '?'}`, '', null]);
  }
  return rows;
}

export function buildRows(results: BenchResults): Row[] {
  const rows: Row[] = [];
  for (const target of results.targets) {
    const of = <T extends { path: string }>(list: T[]) => list.find((entry) => entry.path === target.path);
    const throughput = of(results.throughput);
    const reads = of(results.reads);
    const bytes = of(results.bytes);
    const lighthouse = of(results.lighthouse);
    if (throughput) rows.push(...throughputRows(throughput));
    if (bytes) rows.push(...bytesRows(bytes, target.kind === 'home' || target.kind === 'series'));
    if (reads) rows.push(...readsRows(reads));
    if (lighthouse) rows.push(...lighthouseRows(lighthouse));
  }
  if (results.load) rows.push(...loadRows(results.load, 'memory'));
  if (results.loadRedis) rows.push(...loadRows(results.loadRedis, 'redis'));
  for (const search of results.search ?? []) rows.push(...searchRows(search));
  if (results.scale) rows.push(...scaleRows(results.scale));
  for (const missing of results.missingTargets) rows.push(['(not measured)', missing, '', '', null]);
  for (const error of results.errors) rows.push(['(bench)', 'error', short(error), '', 'error']);
  return rows;
}

export function renderTable(rows: Row[]): string {
  const header = ['page', 'measure', 'value', 'goal', 'met'];
  const cells = rows.map((row) => [row[0], row[1], row[2], row[3], mark(row[4])]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')} |`;
  const rule = `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`;
  return [line(header), rule, ...cells.map(line)].join('\n');
}

/** Writes bench-<timestamp>.json and latest.json; returns the timestamped file's path. */
export function writeResults(results: BenchResults): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const stamp = results.startedAt.replace(/[:.]/g, '-');
  const file = path.join(RESULTS_DIR, `bench-${stamp}.json`);
  const json = `${JSON.stringify(results, null, 2)}\n`;
  writeFileSync(file, json);
  writeFileSync(path.join(RESULTS_DIR, 'latest.json'), json);
  return path.relative(process.cwd(), file);
}
