/**
 * `--only=search`: what one search costs, in this process, with no site server: the site's own lookup
 * (search entries found by a word piece, then ranked) over the embedded catalog and over the generated
 * large catalog, with the documents each query reads counted and its time as p50/p95 of many runs.
 */
import { performance } from 'node:perf_hooks';
import { generateCatalog, LARGE_CATALOG } from '../../e2e/support/generated-catalog';
import { createCatalog } from '../../lib/catalog/catalog';
import { embeddedDocuments } from '../../lib/catalog/embedded';
import { createLocalStore } from '../../lib/catalog/local';
import type { DocumentStore, RawDocument } from '../../lib/catalog/store';
import { documentsToWrite } from '../../lib/catalog/writes';
import { searchWith } from '../../lib/search/lookup';
import { log } from './util';

export const SEARCH = {
  runs: 100,
  /** Common words (many candidates, cut at the lookup's limits), a word inside titles, a phrase, and a miss. */
  queries: ['harbor', 'a', 'eridia', 'amber drift', 'zzqx'],
} as const;

export interface SearchQueryTiming {
  query: string;
  matches: number;
  /** Documents the query read (the store's answers). */
  reads: number;
  p50Ms: number;
  p95Ms: number;
}

export interface SearchBenchResult {
  catalog: string;
  documents: number;
  queries: SearchQueryTiming[];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function measureCatalog(name: string, documents: RawDocument[]): Promise<SearchBenchResult> {
  log(`search: ${name}`);
  const stored = documentsToWrite(documents);
  const local = createLocalStore(stored);
  let reads = 0;
  const counted: DocumentStore = { ...local, query: async (path, query) => local.query(path, query).then((docs) => ((reads += Math.max(1, docs.length)), docs)) };
  const catalog = createCatalog(counted, { warn: () => {} });
  const queries: SearchQueryTiming[] = [];
  for (const query of SEARCH.queries) {
    reads = 0;
    const { total } = await searchWith(catalog.searchEntries, query);
    const perQuery = reads;
    const samples: number[] = [];
    for (let run = 0; run < SEARCH.runs; run += 1) {
      const start = performance.now();
      await searchWith(catalog.searchEntries, query);
      samples.push(performance.now() - start);
    }
    samples.sort((a, b) => a - b);
    queries.push({ query, matches: total, reads: perQuery, p50Ms: percentile(samples, 50), p95Ms: percentile(samples, 95) });
  }
  return { catalog: name, documents: stored.length, queries };
}

export async function measureSearch(): Promise<SearchBenchResult[]> {
  return [await measureCatalog('embedded catalog', embeddedDocuments()), await measureCatalog('generated large catalog', generateCatalog(LARGE_CATALOG))];
}
