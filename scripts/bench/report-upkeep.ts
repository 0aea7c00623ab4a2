/** The bench's catalog upkeep rows (issues 41, 46 and 53): what an operator's edit costs and how soon it shows, by mode and size. */
import { VISITS_STEP_BUDGET_MS } from '../../lib/catalog/upkeep';
import { UPKEEP } from './config';
import type { FallbackResult } from './fallback';
import type { Row } from './table';
import type { UpkeepMode, UpkeepResult } from './upkeep';

export const thousands = (value: number) => value.toLocaleString('en-US');

const MODE_NAMES: Record<UpkeepMode, string> = {
  start: 'next start (listeners)',
  vercel: 'Vercel (visits)',
  events: 'Vercel with the Firestore trigger (events)',
};

export function upkeepRows(r: UpkeepResult): Row[] {
  const what = `upkeep ${r.size}, ${MODE_NAMES[r.mode]}`;
  const speedUp = UPKEEP.defaultSeconds / UPKEEP.syncSeconds;
  const toHour = 3600 / speedUp / UPKEEP.windowSeconds;
  const hour = `an hour at the default setting, run ${speedUp}× faster (CATALOG_SYNC_SECONDS=${UPKEEP.syncSeconds}, ${UPKEEP.windowSeconds / 60} min measured × ${toHour})`;
  const built: Row[] = r.build
    ? [[what, "next build: seconds, and what the build's catalog sync said", `${r.build.seconds} s; ${r.build.sync ?? 'no sync line'}`]]
    : [];
  return [
    ...built,
    [what, `reads in an idle hour (no request): ${hour}`, String(r.idleReads * toHour), '0', r.idleReads === 0],
    [
      what,
      `reads in an hour with a visitor a minute, the pages' own renders included: ${hour}`,
      `${r.visitorReads * toHour} (${r.visits * toHour} visits, ${r.censusChecks * toHour} catalog checks)`,
    ],
    [
      what,
      `visits answered by a render (ISR regenerations and per-request pages) in that hour: ${hour}`,
      `${r.visitorRenders * toHour} of ${r.visits * toHour}`,
    ],
    [
      what,
      "a crawler's pass over /sitemap.xml and every file it names: reads the first time · right after",
      `${r.crawler.files === r.crawler.named ? r.crawler.files : `${r.crawler.files} of ${r.crawler.named}`} files: ${r.crawler.reads} · ${r.crawler.readsAgain}`,
      'right after: 0',
      r.crawler.readsAgain === 0,
    ],
    UPKEEP.sizes[r.size].search
      ? [
          what,
          `console write → found by search, a visitor on the title page each second (CATALOG_SYNC_SECONDS=${UPKEEP.syncSeconds})`,
          r.writeToVisibleSeconds === null
            ? `not found within ${UPKEEP.giveUpSeconds} s`
            : `${r.writeToVisibleSeconds.toFixed(1)} s (of it the finding search's answer: ${r.searchSeconds?.toFixed(1)} s)`,
          `≤ ${UPKEEP.syncSeconds} s (the setting)`,
          r.writeToVisibleSeconds !== null && r.writeToVisibleSeconds <= UPKEEP.syncSeconds,
        ]
      : [what, 'console write → found by search', 'not measured at this size (the emulator answers a search by scanning every entry)'],
    [
      what,
      'console write → shown on the title page (visited each second), and the reads until then',
      r.pageShown ? `${r.pageShown.seconds.toFixed(1)} s, ${r.pageShown.reads} reads` : 'not shown',
    ],
    [what, 'reads from that write until search found it, the visits of the title page each second included', r.editReads === null ? '—' : String(r.editReads)],
    ...additionRows(what, r.addition),
  ];
}

function additionRows(what: string, addition: UpkeepResult['addition']): Row[] {
  if (!addition) return [];
  const found = addition.seconds === null ? `not found within ${UPKEEP.giveUpSeconds} s` : `${addition.seconds.toFixed(1)} s`;
  return [
    [
      what,
      "a trailer added in the console (the seed's fields) → found by search, searched for each second: seconds, searches, reads; the longest sync step meanwhile",
      `${found}, ${addition.searches} searches, ${addition.reads} reads; ${(addition.longestStepMs / 1000).toFixed(1)} s`,
      `a step ≤ ${VISITS_STEP_BUDGET_MS / 1000} s`,
      addition.seconds !== null && addition.longestStepMs <= VISITS_STEP_BUDGET_MS,
    ],
  ];
}

export function fallbackRows(r: FallbackResult): Row[] {
  const what = `edits at ${r.size} (${thousands(r.titles)} titles, ${thousands(r.documents)} documents)`;
  const measured = (m: { reads: number; ms: number }) => `${thousands(m.reads)} reads, ${(m.ms / 1000).toFixed(1)} s`;
  const a = r.additionByChecks;
  return [
    [
      what,
      "the build's sync (a pass over every title, 300 s budget)",
      `${measured(r.build)}, ${thousands(r.build.indexed)} indexed, ${r.build.ended ? 'ended' : 'left to the site'}`,
    ],
    [what, 'trigger: a title renamed, handed to the handler', measured(r.eventRename), 'not growing with the catalog'],
    [what, 'trigger: a title added, handed to the handler', measured(r.eventAddition), 'not growing with the catalog'],
    [what, "visits: a check when nothing changed (the census's count() reads)", measured(r.idleCheck)],
    [
      what,
      'visits: a title added by hand, found by the checks (20 s budget each, one per interval)',
      a.found ? `${a.checks} checks, ${thousands(a.reads)} reads in all, longest ${(a.longestMs / 1000).toFixed(1)} s` : `not found in ${a.checks} checks`,
      'each check ≤ 20 s + one page',
      a.found && a.longestMs <= 25_000,
    ],
    [
      what,
      "cron: one scan step (40 s budget, each title's tree read)",
      `${measured(r.scanStep)}, ${thousands(r.scanStep.checked)} titles and entries; a pass ≈ ${r.scanStep.stepsPerPass} steps`,
      '≤ 40 s + one page',
      r.scanStep.ms <= 50_000,
    ],
  ];
}
