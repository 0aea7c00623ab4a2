/** The one table `npm run bench` prints (Markdown, to paste into a note or a doc) from its results. */
import { SCRIPT_ABOVE_FLOOR_BUDGET_BYTES } from '../../e2e/support/floor';
import type { BytesBesideFloor } from './browser';
import { CHAIN_CALLS_CEILING, OPEN_CHECKOUTS_CEILING, type ChainCalls } from './chain';
import { LIGHTHOUSE, type Encoding, type Size } from './config';
import { median, METRICS, MODES, type Metric, type Mode, type PageLighthouse } from './lighthouse';
import type { Run, Throughput } from './http';
import type { PlaybackResult } from './playback';
import { playbackRows, playbackTable } from './report-playback';
import { table, type Row } from './table';
import type { PageReads } from './reads';
import type { ScaleResult } from './scale';
import type { StudioCosts } from './studio';
import type { FallbackResult } from './fallback';
import { fallbackRows, thousands, upkeepRows } from './report-upkeep';
import type { UpkeepResult } from './upkeep';

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
  studio?: StudioCosts;
  chain?: ChainCalls[];
  /** 100 open checkouts, their dialogs polling and their wallets asking for transactions. */
  checkouts?: ChainCalls;
  reads?: PageReads[];
  throughput?: Throughput[];
  load?: { memory: Record<string, Run>; redis: Record<string, Run> };
  bytes?: BytesBesideFloor;
  lighthouse?: { size: Size; pages: PageLighthouse[] }[];
  scale?: ScaleResult[];
  upkeep?: UpkeepResult[];
  fallback?: FallbackResult[];
  playback?: PlaybackResult;
  errors: string[];
}

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

const METRIC_NAMES: Record<Metric, string> = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'speed-index': 'speed index',
  'cumulative-layout-shift': 'CLS',
};
const metric = (id: Metric, value: number) => (id === 'cumulative-layout-shift' ? value.toFixed(3) : `${value.toFixed(0)} ms`);

/** The medians of a page's runs: its performance score and each metric. */
const medianOf = (page: PageLighthouse) => ({
  performance: median(page.runs.map((run) => run.performance)),
  ...(Object.fromEntries(METRICS.map((id) => [id, median(page.runs.map((run) => run.metrics[id]))])) as Record<Metric, number>),
});
/** The run whose score is the median one: its category scores, longest task and lost points stand for the page. */
const medianRun = (page: PageLighthouse) => [...page.runs].sort((a, b) => a.performance - b.performance)[Math.floor(page.runs.length / 2)]!;
const runList = (page: PageLighthouse) => page.runs.map((run) => `${run.performance}${run.paintHeld ? '†' : ''} @ ${thousands(run.benchmarkIndex)}`).join(', ');

/** Issue 33's budgets on one of the site's pages, headed, against the floor's headed runs of the same turns. */
function budgetRows(what: string, page: PageLighthouse, floor: PageLighthouse): Row[] {
  const { budgets } = LIGHTHOUSE;
  const ours = medianOf(page);
  const bare = medianOf(floor);
  return [
    [what, 'performance, median (headed)', String(ours.performance), `≥ ${budgets.minPerformance}`, ours.performance >= budgets.minPerformance],
    [
      what,
      "performance, median, against the floor's (headed)",
      `${ours.performance} vs ${bare.performance}`,
      `at most ${budgets.maxPointsBelowFloor} below`,
      ours.performance >= bare.performance - budgets.maxPointsBelowFloor,
    ],
    [
      what,
      'LCP, median (headed)',
      metric('largest-contentful-paint', ours['largest-contentful-paint']),
      `≤ ${budgets.maxLcpMs} ms`,
      ours['largest-contentful-paint'] <= budgets.maxLcpMs,
    ],
    [
      what,
      "TBT, median, against the floor's (headed)",
      `${metric('total-blocking-time', ours['total-blocking-time'])} vs ${metric('total-blocking-time', bare['total-blocking-time'])}`,
      `at most ${budgets.maxTbtAboveFloorMs} ms above`,
      ours['total-blocking-time'] <= bare['total-blocking-time'] + budgets.maxTbtAboveFloorMs,
    ],
  ];
}

function lighthouseRows({ size, pages }: NonNullable<Results['lighthouse']>[number]): Row[] {
  const floorOf = (mode: Mode) => pages.find((page) => page.target.name === 'floor' && page.mode === mode)!;
  return pages.flatMap((page): Row[] => {
    const what = `lighthouse ${size}, ${page.mode}: ${page.target.name === 'floor' ? 'floor (bench/floor)' : new URL(page.target.url).pathname}`;
    const medians = medianOf(page);
    const run = medianRun(page);
    return [
      [what, `Lighthouse ${page.version} performance, median of ${page.runs.length}`, String(medians.performance)],
      [what, 'each run: score @ benchmarkIndex († first frame held past load)', runList(page)],
      ...METRICS.map((id): Row => [what, `median ${METRIC_NAMES[id]}`, metric(id, medians[id])]),
      [
        what,
        'median run: longest main-thread task, main thread in all',
        `${run.longestTask ? `${run.longestTask.ms} ms (${run.longestTask.url.split('/').pop() || run.longestTask.url})` : 'none over 50 ms'}, ${run.mainThreadMs} ms`,
      ],
      [what, 'median run: a11y / best practices / SEO', ['accessibility', 'best-practices', 'seo'].map((id) => run.scores[id]).join(' / ')],
      [what, 'median run: audits losing points', run.blamed.join('; ') || 'none'],
      ...(page.target.name !== 'floor' && page.mode === 'headed' ? budgetRows(what, page, floorOf('headed')) : []),
    ];
  });
}

/**
 * The figures side by side, as issue 33 reads them: one column per page, the floor first, each size's Lighthouse
 * medians in both browsers. Script bytes are the embedded catalog's (the bytes section).
 */
export function sideBySide(results: Results): string {
  const kbAbove = (gzip: number, floor: number) => `${kb(gzip)} (+${((gzip - floor) / 1024).toFixed(1)})`;
  const tables: string[] = [];
  for (const { size, pages } of results.lighthouse ?? []) {
    const names = [...new Set(pages.map((page) => page.target.name))];
    const rows: string[][] = [['measured in one run, taking turns', ...names.map((name) => (name === 'floor' ? 'bare App Router page' : name))]];
    if (size === 'embedded' && results.bytes) {
      const { floor, pages: bytes } = results.bytes;
      rows.push([
        'script to network idle, gzip',
        ...names.map((name) => (name === 'floor' ? kb(floor.jsGzip) : kbAbove(bytes.find((b) => b.path === name)?.jsGzip ?? NaN, floor.jsGzip))),
      ]);
    }
    for (const mode of MODES) {
      const of = (name: string) => pages.find((page) => page.target.name === name && page.mode === mode)!;
      rows.push([`performance, median (${mode})`, ...names.map((name) => String(medianOf(of(name)).performance))]);
      rows.push([`runs: score @ benchmark index (${mode})`, ...names.map((name) => runList(of(name)))]);
      for (const id of ['largest-contentful-paint', 'total-blocking-time', 'first-contentful-paint'] as const)
        rows.push([`${METRIC_NAMES[id]}, median (${mode})`, ...names.map((name) => metric(id, medianOf(of(name))[id]))]);
    }
    tables.push(`Lighthouse, ${size} catalog\n\n${table(rows)}`);
  }
  if (results.playback) tables.push(playbackTable(results.playback));
  return tables.join('\n\n');
}

const ENCODING_NAMES: Record<Encoding, string> = { identity: 'uncompressed', browser: 'as a browser asks (gzip, deflate, br)' };

function throughputRows(t: Throughput): Row[] {
  return Object.entries(t.runs).flatMap(([encoding, { page, static: copy }]): Row[] => [
    [
      t.path,
      `req/s page ÷ static copy, ${ENCODING_NAMES[encoding as Encoding]}`,
      // Reported, not budgeted (issue 33): on Vercel a prerendered page comes from the CDN, not from this server.
      `${page.rps.toFixed(0)} ÷ ${copy.rps.toFixed(0)} = ${(page.rps / copy.rps).toFixed(2)}`,
    ],
    [
      t.path,
      `p50/p99 ms page vs static copy, ${encoding}`,
      `${page.p50}/${page.p99} vs ${copy.p50}/${copy.p99} (page ${kb(t.htmlBytes)}, copy ${kb(t.copyBytes)}; errors ${page.errors + copy.errors})`,
    ],
  ]);
}

function bytesRows({ floor, pages }: BytesBesideFloor): Row[] {
  return [
    [
      'floor (bench/floor)',
      'JS to network idle (gzip), measured now vs pinned (e2e/support/floor.json)',
      `${kb(floor.jsGzip)} in ${floor.scripts} scripts vs ${kb(floor.pinnedGzip)}`,
      'equal (else: npm run floor:measure)',
      floor.jsGzip === floor.pinnedGzip,
    ],
    ...pages.flatMap((b): Row[] => [
      [
        b.path,
        "JS to network idle (gzip), above the floor's",
        `${kb(b.jsGzip)} in ${b.scripts} scripts: +${kb(b.jsGzip - floor.jsGzip)}`,
        `≤ +${kb(SCRIPT_ABOVE_FLOOR_BUDGET_BYTES)} (e2e/first-load.spec.ts)`,
        b.jsGzip - floor.jsGzip <= SCRIPT_ABOVE_FLOOR_BUDGET_BYTES,
      ],
      [b.path, 'scripts with wallet code before a pay click', String(b.walletScripts), '0', b.walletScripts === 0],
      ...(b.payClick
        ? [[b.path, 'JS the first pay click adds (gzip)', `${kb(b.payClick.gzip)}, of it wallet code ${kb(b.payClick.walletGzip)}`] satisfies Row]
        : []),
    ]),
  ];
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
    ...(results.studio ? studioRows(results.studio) : []),
    ...(results.chain ?? []).flatMap((c): Row[] => {
      const who = `junk from one address: ${c.cookies} cookie${c.cookies === 1 ? '' : 's'}`;
      const answers = Object.entries(c.answers)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      return [
        [
          who,
          'chain calls a minute, by method',
          `${c.callsPerMinute} · ${Object.entries(c.byMethod)
            .map(([method, n]) => `${method} ${n}`)
            .join(', ')}`,
          `≤ ${CHAIN_CALLS_CEILING} whatever the count`,
          c.callsPerMinute <= CHAIN_CALLS_CEILING,
        ],
        [
          who,
          'Firestore reads a minute; answers',
          `${c.readsPerMinute}; ${answers}`,
          'flat, no 5xx',
          !Object.keys(c.answers).some((status) => status >= '500'),
        ],
      ];
    }),
    ...(results.checkouts ? openCheckoutRows(results.checkouts) : []),
    ...(results.reads ?? []).map((r): Row => [r.path, 'Firestore reads cold / cached', `${r.cold} / ${r.cached}`, 'cached 0', r.cached === 0]),
    ...(results.throughput ?? []).flatMap(throughputRows),
    ...Object.entries(results.load ?? {}).flatMap(([store, kinds]) =>
      Object.entries(kinds).map(([kind, r]): Row => [`load, limits in ${store}`, kind, run(r), '0 errors', r.errors === 0]),
    ),
    ...(results.bytes ? bytesRows(results.bytes) : []),
    ...(results.lighthouse ?? []).flatMap(lighthouseRows),
    ...(results.scale ? scaleRows(results.scale) : []),
    ...(results.upkeep ?? []).flatMap(upkeepRows),
    ...(results.fallback ?? []).flatMap(fallbackRows),
    ...(results.playback ? playbackRows(results.playback) : []),
    ...results.errors.map((error): Row => ['(bench)', 'could not run', error.slice(0, 200), '', false]),
  ];
}

const byMethodText = (c: ChainCalls) =>
  Object.entries(c.byMethod)
    .map(([method, n]) => `${method} ${n}`)
    .join(', ');

function openCheckoutRows(c: ChainCalls): Row[] {
  const who = `${c.cookies} open checkouts, wallets asking for transactions`;
  return [
    [
      who,
      'chain calls a minute, by method (priority fees and blockhash included)',
      `${c.callsPerMinute} · ${byMethodText(c)}`,
      `≤ ${OPEN_CHECKOUTS_CEILING}`,
      c.callsPerMinute <= OPEN_CHECKOUTS_CEILING,
    ],
    [
      who,
      'answers',
      Object.entries(c.answers)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
      'no 5xx',
      !Object.keys(c.answers).some((status) => status >= '500'),
    ],
  ];
}

export const rowsTable = (list: Row[]) =>
  table([['what', 'measure', 'value', 'goal', 'met'], ...list.map(([a, b, c, goal = '', met]) => [a, b, c, goal, met === undefined ? '' : met ? '✓' : '✗'])]);

function studioRows(s: StudioCosts): Row[] {
  const what = `studio: ${s.sales.toLocaleString('en')} sales, ${s.plays.toLocaleString('en')} plays, ${s.titles} titles, ${s.days} days`;
  return [
    [
      what,
      "reads of a month's view (days merged) · first view",
      `${s.monthReads} · ${s.monthFirstView.reads} reads, ${s.monthFirstView.writes} writes`,
      `≤ ${s.days + s.shards} (a document a day, today's ${s.shards} shards)`,
      s.monthReads <= s.days + s.shards,
    ],
    [
      what,
      'writes per play (counted · repeated that day) · per sale',
      `${s.writesPerCountedPlay.toFixed(2)} · ${s.writesPerRepeat.toFixed(2)} · ${s.writesPerSale.toFixed(2)}`,
      '≤ 2 per play',
      s.writesPerCountedPlay <= 2,
    ],
    [
      what,
      'reads of a page of sales · largest day (bytes)',
      `${s.salesPageReads} · ${s.largestDayBytes.toLocaleString('en')}`,
      '≤ 51 · well under 1 MiB',
      s.salesPageReads <= 51 && s.largestDayBytes < 1_048_576,
    ],
  ];
}
