/**
 * `--only=search`: what one search costs, in this process, with no site server: the index is built
 * and queried directly over the embedded catalog and over a generated catalog of 5,000 titles.
 * Reported per catalog: the index build (once per catalog revision), reading the cached search
 * documents (Next's data cache parses their JSON on every hit, so every query pays it), and one query,
 * as the median and p99 of many runs after a warm-up.
 */
import { performance } from 'node:perf_hooks';
import { createCatalog } from '../../lib/catalog/catalog';
import { createLocalStore } from '../../lib/catalog/local';
import { takeSnapshot } from '../../lib/catalog/snapshot';
import type { RawDocument } from '../../lib/catalog/store';
import { searchSourceOf } from '../../lib/search/documents';
import { createSearchIndex } from '../../lib/search/search-index';
import { log } from './util';

export const SEARCH = {
  generatedTitles: 5_000,
  /** Each generated series has this many seasons of this many episodes; each short film this many episodes. */
  seasonsPerSeries: 2,
  episodesPerSeason: 3,
  episodesPerShortFilm: 3,
  warmupRuns: 20,
  runs: 200,
  buildRuns: 5,
  /** A common word (many matches, all ranked and sorted) and a miss (every title compared, nothing kept). */
  queries: ['night', 'zzqx'],
} as const;

export interface SearchQueryTiming {
  query: string;
  matches: number;
  medianMs: number;
  p99Ms: number;
}

export interface SearchBenchResult {
  catalog: string;
  titles: number;
  documents: number;
  /** The search documents as the data cache stores them (JSON), and the median time to parse them. */
  cachedBytes: number;
  cachedReadMs: number;
  buildMs: number;
  queries: SearchQueryTiming[];
}

const quiet = { warn: () => {} };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Median and p99 of `runs` timed calls of `work`, after a warm-up (JIT, caches). */
function time(work: () => void, runs: number, warmup = 0): { median: number; p99: number } {
  for (let i = 0; i < warmup; i++) work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99) };
}

/** A seeded generator, so every run measures the same catalog. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'night harbor light salt road glass bloom echo river winter orbit wolves lantern paper quiet frequency iron meridian ' +
  'kelp canopy market kitchen lighthouse keeper relay archive ice desert song brass band station field deep signal ' +
  'café señor über fjord mañana crème brûlée øresund saga dune hollow ember tide hymn moth collector static legend ' +
  'league heist grandma velvet undertow casino juniper afterglow protocol city small hours storm choir caravan'
).split(' ');

/** 5,000 titles: trailers, documentaries, series with seasons and episodes, short films with episodes. */
export function generatedDocuments(titles: number): RawDocument[] {
  const next = random(12);
  const pick = () => WORDS[Math.floor(next() * WORDS.length)] ?? 'night';
  const phrase = (words: number) => Array.from({ length: words }, pick).join(' ');
  const title = () => phrase(2 + Math.floor(next() * 3)).replace(/^\p{L}/u, (letter) => letter.toUpperCase());
  const documents: RawDocument[] = [];
  const add = (path: string, data: Record<string, unknown>) => documents.push({ id: path.slice(path.lastIndexOf('/') + 1), path, data });
  const episodes = (parent: string, count: number) => {
    for (let e = 1; e <= count; e++) {
      add(`${parent}/episodes/e${e}`, { title: title(), episodeNumber: e, description: phrase(12), videourl: `/media/g/${e}.mp4` });
    }
  };
  for (let i = 0; i < titles; i++) {
    const locked = next() < 0.3;
    const base = { title: title(), description: phrase(18), locked };
    const videourl = locked ? `private:g/${i}.mp4` : `/media/g/${i}.mp4`;
    const kind = i % 10;
    if (kind < 3) add(`trailers/t${i}`, { ...base, videourl });
    else if (kind < 5) add(`documentaries/d${i}`, { ...base, videourl });
    else if (kind < 8) {
      add(`series/s${i}`, { ...base, totalSeasons: SEARCH.seasonsPerSeries });
      for (let s = 1; s <= SEARCH.seasonsPerSeries; s++) {
        add(`series/s${i}/seasons/season-${s}`, { title: `Season ${s}: ${title()}`, seasonNumber: s, description: phrase(12) });
        episodes(`series/s${i}/seasons/season-${s}`, SEARCH.episodesPerSeason);
      }
    } else {
      add(`shortFilms/f${i}`, { ...base, episodeCount: SEARCH.episodesPerShortFilm });
      episodes(`shortFilms/f${i}`, SEARCH.episodesPerShortFilm);
    }
  }
  return documents;
}

async function measureCatalog(name: string, documents?: RawDocument[]): Promise<SearchBenchResult> {
  log(`search: ${name}`);
  const snapshot = await takeSnapshot(createCatalog(createLocalStore(documents), quiet));
  const source = searchSourceOf(snapshot);
  const json = JSON.stringify(source);
  const titles = snapshot.movies.length + snapshot.series.length + snapshot.shortFilms.length;
  const cachedRead = time(() => JSON.parse(json), SEARCH.buildRuns * 4, 2);
  const build = time(() => createSearchIndex(source.documents), SEARCH.buildRuns, 1);
  const index = createSearchIndex(source.documents);
  const queries = SEARCH.queries.map((query): SearchQueryTiming => {
    const { median, p99 } = time(() => index.search(query), SEARCH.runs, SEARCH.warmupRuns);
    return { query, matches: index.search(query).total, medianMs: median, p99Ms: p99 };
  });
  return {
    catalog: name,
    titles,
    documents: source.documents.length,
    cachedBytes: Buffer.byteLength(json),
    cachedReadMs: cachedRead.median,
    buildMs: build.median,
    queries,
  };
}

export async function measureSearch(): Promise<SearchBenchResult[]> {
  return [
    await measureCatalog('embedded catalog'),
    await measureCatalog(`generated, ${SEARCH.generatedTitles.toLocaleString('en')} titles`, generatedDocuments(SEARCH.generatedTitles)),
  ];
}
