/** The one table `npm run bench` prints (Markdown, to paste into a note or a doc) from its results. */
import { BUDGETS, METRICS, type Bytes, type Lighthouse } from './browser';
import { CHAIN_CALLS_CEILING, type ChainCalls } from './chain';
import { UPKEEP, type Encoding, type Size } from './config';
import type { Run, Throughput } from './http';
import type { PageReads } from './reads';
import type { ScaleResult } from './scale';
import type { UpkeepMode, UpkeepResult } from './upkeep';

export interface SearchTiming {
  catalog: string;
  query: string;
  reads: number;
  matches: number;
  medianMs: number;
  p99Ms: number;
}

export interface Results {
  startedAt: string;
  machine: string;
  search?: SearchTiming[];
  chain?: ChainCalls[];
  reads?: PageReads[];
  throughput?: Throughput[];
  load?: { memory: Record<string, Run>; redis: Record<string, Run> };
  bytes?: Bytes[];
  lighthouse?: { size: Size; pages: Lighthouse[]; budgetMet: boolean }[];
  scale?: ScaleResult[];
  upkeep?: UpkeepResult[];
  errors: string[];
}

type Row = [what: string, measure: string, value: string, goal?: string, met?: boolean];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (value >= 10 ? value.toFixed(0) : value.toFixed(2));
const run = (r: Run) => `${r.rps.toFixed(0)} req/s · p50/p99 ${r.p50}/${r.p99} ms · 2xx ${r.ok} · 429 ${r.limited} · errors ${r.errors}`;

function scaleRows(sizes: ScaleResult[]): Row[] {
  const side = (value: (r: ScaleResult) => string | number) => sizes.map((r) => `${r.size}: ${value(r)}`).join(' · ');
  const all = (test: (r: ScaleResult) => boolean) => sizes.every(test);
  const worst = (r: ScaleResult, key: 'cold' | 'cached') => Math.max(...r.pages.map((page) => page[key]));
  return [
    ['scale', 'build seconds', side((r) => r.buildSeconds ?? 'reused')],
    ['scale', 'largest page (HTML)', side((r) => `${kb(r.largestPage.bytes)} ${r.largestPage.path}`), '< 400 KB', all((r) => r.largestPage.bytes < 400 * 1024)],
    ['scale', 'reads per page, never rendered (worst)', side((r) => worst(r, 'cold'))],
    ['scale', 'reads per page, rendered (worst)', side((r) => worst(r, 'cached')), '0', all((r) => worst(r, 'cached') === 0)],
    ['scale', 'reads per search query (max of 10)', side((r) => r.search.maxReads), '≤ 200', all((r) => r.search.maxReads <= 200)],
    ['scale', 'search p50 / p95 (HTTP, first time)', side((r) => `${ms(r.search.p50Ms)} / ${ms(r.search.p95Ms)} ms`)],
    ['scale', 'reads per checkout (first, again)', side((r) => r.checkoutReads.join(', '))],
    ['scale', 'reads while idle 60 s (× 60 = an hour)', side((r) => `${r.idleReads} (${r.idleReads * 60}/h)`), '0', all((r) => r.idleReads === 0)],
    ['scale', 'server memory (RSS)', side((r) => `${r.rssMb} MB`)],
    ['sync', "reads of the watch's first look (once per server start)", side((r) => r.sync.firstLookReads)],
    ['sync', 'reads per sync after one console edit (its title tree)', side((r) => r.sync.editSyncReads)],
    ['sync', 'reads per scan (a Vercel Cron run: every catalog document)', side((r) => r.sync.scanReads)],
    ['sync', 'idle reads per hour (watch on)', side((r) => r.idleReads * 60), '< 20,000', all((r) => r.idleReads * 60 < 20_000)],
    [
      'sync',
      'console write → found by search',
      side((r) => `${r.sync.writeToVisibleSeconds.toFixed(1)} s`),
      '≤ CATALOG_SYNC_SECONDS (300)',
      all((r) => r.sync.writeToVisibleSeconds <= r.sync.settingSeconds),
    ],
    ['scale', '"over 2MB" cache warnings', side((r) => r.over2MbWarnings), '0', all((r) => r.over2MbWarnings === 0)],
    ...sizes.flatMap((r) => r.pages.map((page): Row => [`scale ${r.size}: ${page.path}`, 'reads cold / cached', `${page.cold} / ${page.cached}`])),
  ];
}

const MODE_NAMES: Record<UpkeepMode, string> = { start: 'next start (listeners)', vercel: 'Vercel (visits)' };

function upkeepRows(r: UpkeepResult): Row[] {
  const what = `upkeep ${r.size}, ${MODE_NAMES[r.mode]}`;
  const speedUp = UPKEEP.defaultSeconds / UPKEEP.syncSeconds;
  const toHour = 3600 / speedUp / UPKEEP.windowSeconds;
  const hour = `an hour at the default setting, run ${speedUp}× faster (CATALOG_SYNC_SECONDS=${UPKEEP.syncSeconds}, ${UPKEEP.windowSeconds / 60} min measured × ${toHour})`;
  return [
    [what, `reads in an idle hour (no request): ${hour}`, String(r.idleReads * toHour), '0', r.idleReads === 0],
    [
      what,
      `reads in an hour with a visitor a minute, the pages' own renders included: ${hour}`,
      `${r.visitorReads * toHour} (${r.visits * toHour} visits, ${r.censusChecks * toHour} catalog checks)`,
    ],
    [
      what,
      `console write → found by search, a visitor on the title page each second (CATALOG_SYNC_SECONDS=${UPKEEP.syncSeconds})`,
      r.writeToVisibleSeconds === null
        ? `not found within ${UPKEEP.giveUpSeconds} s`
        : `${r.writeToVisibleSeconds.toFixed(1)} s (of it the finding search's answer: ${r.searchSeconds?.toFixed(1)} s)`,
      `≤ ${UPKEEP.syncSeconds} s (the setting)`,
      r.writeToVisibleSeconds !== null && r.writeToVisibleSeconds <= UPKEEP.syncSeconds,
    ],
  ];
}

const thousands = (value: number) => value.toLocaleString('en-US');
const METRIC_NAMES: Record<string, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'speed index',
  'cumulative-layout-shift': 'CLS',
};
const metric = (id: string, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${value.toFixed(0)} ms`);

/** A budget of lighthouserc.cjs as the report's goal, and whether `value` (a score ×100 or a metric) meets it. */
function budget(id: string, value: number): [goal?: string, met?: boolean] {
  const options = BUDGETS[id]?.[1];
  if (options?.minScore !== undefined) return [`≥ ${options.minScore * 100} (${options.aggregationMethod})`, value >= options.minScore * 100];
  if (options?.maxNumericValue !== undefined)
    return [`≤ ${metric(id, options.maxNumericValue)} (${options.aggregationMethod})`, value <= options.maxNumericValue];
  return [];
}

function lighthouseRows({ size, pages, budgetMet }: NonNullable<Results['lighthouse']>[number]): Row[] {
  const assert: Row = [`lighthouse ${size}`, 'lhci assert (every budget, every page)', budgetMet ? 'passed' : 'failed', 'passed', budgetMet];
  const perPage = pages.flatMap((page): Row[] => {
    const what = `lighthouse ${size}: ${new URL(page.url).pathname}`;
    const scores = page.runs.map((run) => run.performance);
    const median = [...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)]!;
    const runs = page.runs.map((run) => `${run.performance}${run.median ? '*' : ''}${run.paintHeld ? '†' : ''} @ ${thousands(run.benchmarkIndex)}`).join(', ');
    return [
      [what, `Lighthouse ${page.version} performance, median of ${scores.length}`, String(median), ...budget('categories:performance', median)],
      [what, 'each run: score @ benchmarkIndex (* median run, † first frame held past load by headless Chrome)', runs],
      ...METRICS.map((id): Row => [what, `median ${METRIC_NAMES[id]}`, metric(id, page.medians[id]!), ...budget(id, page.medians[id]!)]),
      [
        what,
        'median run: longest main-thread task, main thread in all',
        `${page.longestTask ? `${page.longestTask.ms} ms (${page.longestTask.url.split('/').pop() || page.longestTask.url})` : 'none over 50 ms'}, ${page.mainThreadMs} ms`,
      ],
      [what, 'median run: a11y / best practices / SEO', ['accessibility', 'best-practices', 'seo'].map((id) => page.scores[id]).join(' / ')],
      [what, 'median run: audits losing points', page.blamed.join('; ') || 'none'],
    ];
  });
  return [...perPage, assert];
}

const ENCODING_NAMES: Record<Encoding, string> = { identity: 'uncompressed', browser: 'as a browser asks (gzip, deflate, br)' };

function throughputRows(t: Throughput): Row[] {
  return Object.entries(t.runs).flatMap(([encoding, { page, static: copy }]): Row[] => [
    [
      t.path,
      `req/s page ÷ static copy, ${ENCODING_NAMES[encoding as Encoding]}`,
      `${page.rps.toFixed(0)} ÷ ${copy.rps.toFixed(0)} = ${(page.rps / copy.rps).toFixed(2)}`,
      'ratio ≥ 0.8',
      page.rps / copy.rps >= 0.8,
    ],
    [
      t.path,
      `p50/p99 ms page vs static copy, ${encoding}`,
      `${page.p50}/${page.p99} vs ${copy.p50}/${copy.p99} (page ${kb(t.htmlBytes)}, copy ${kb(t.copyBytes)}; errors ${page.errors + copy.errors})`,
    ],
  ]);
}

export function rows(results: Results): Row[] {
  return [
    ...(results.search ?? []).map(
      (s): Row => [
        `search (in process): ${s.catalog}`,
        `"${s.query}"`,
        `${s.reads} reads · median ${ms(s.medianMs)} ms · p99 ${ms(s.p99Ms)} ms · ${s.matches} matches`,
        '≤ 200 reads',
        s.reads <= 200,
      ],
    ),
    ...(results.chain ?? []).map(
      (c): Row => [
        `chain calls (in process): ${c.browsers} polling browser${c.browsers === 1 ? '' : 's'}`,
        'a minute, by method',
        `${c.callsPerMinute} · ${Object.entries(c.byMethod)
          .map(([method, n]) => `${method} ${n}`)
          .join(', ')}`,
        `≤ ${CHAIN_CALLS_CEILING} whatever the count`,
        c.callsPerMinute <= CHAIN_CALLS_CEILING,
      ],
    ),
    ...(results.reads ?? []).map((r): Row => [r.path, 'Firestore reads cold / cached', `${r.cold} / ${r.cached}`, 'cached 0', r.cached === 0]),
    ...(results.throughput ?? []).flatMap(throughputRows),
    ...Object.entries(results.load ?? {}).flatMap(([store, kinds]) =>
      Object.entries(kinds).map(([kind, r]): Row => [`load, limits in ${store}`, kind, run(r), '0 errors', r.errors === 0]),
    ),
    ...(results.bytes ?? []).flatMap((b): Row[] => [
      [
        b.path,
        'JS to network idle (gzip)',
        `${kb(b.jsGzip)} in ${b.scripts} scripts`,
        '≤ 150 KB (standing budget; e2e/first-load.spec.ts gates 145 KB)',
        b.jsGzip <= 150 * 1024,
      ],
      [b.path, 'scripts with wallet code before a pay click', String(b.walletScripts), '0', b.walletScripts === 0],
      ...(b.payClick
        ? [[b.path, 'JS the first pay click adds (gzip)', `${kb(b.payClick.gzip)}, of it wallet code ${kb(b.payClick.walletGzip)}`] satisfies Row]
        : []),
    ]),
    ...(results.lighthouse ?? []).flatMap(lighthouseRows),
    ...(results.scale ? scaleRows(results.scale) : []),
    ...(results.upkeep ?? []).flatMap(upkeepRows),
    ...results.errors.map((error): Row => ['(bench)', 'could not run', error.slice(0, 200), '', false]),
  ];
}

export function table(list: Row[]): string {
  const cells = [
    ['what', 'measure', 'value', 'goal', 'met'],
    ...list.map(([a, b, c, goal = '', met]) => [a, b, c, goal, met === undefined ? '' : met ? '✓' : '✗']),
  ];
  const widths = cells[0]!.map((_, column) => Math.max(...cells.map((row) => row[column]!.length)));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  return [line(cells[0]!), `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n');
}
