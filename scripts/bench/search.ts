/**
 * The site's own search lookup (search entries found by a word piece, then ranked) over a catalog held in
 * process, with the documents each query reads counted: shared by search.bench.ts (timings) and the report.
 */
import { generateCatalog, LARGE_CATALOG } from '../../e2e/support/generated-catalog';
import { createCatalog } from '../../lib/catalog/reads';
import { embeddedDocuments } from '../../lib/catalog/embedded';
import { createLocalStore } from '../../lib/catalog/local';
import type { DocumentStore } from '../../lib/catalog/store';
import { documentsToWrite } from '../../lib/catalog/derived-fields';
import { searchWith } from '../../lib/search/lookup';

/** Common words (cut at the lookup's limits), a word inside titles, a phrase, and a miss. */
export const QUERIES = ['harbor', 'a', 'eridia', 'amber drift', 'zzqx'];
export const CATALOGS = { embedded: () => embeddedDocuments(), large: () => generateCatalog(LARGE_CATALOG) };

export function searcher(catalog: keyof typeof CATALOGS) {
  const local = createLocalStore(documentsToWrite(CATALOGS[catalog]()));
  let reads = 0;
  const counted: DocumentStore = {
    ...local,
    query: async (path, query) => local.query(path, query).then((docs) => ((reads += Math.max(1, docs.length)), docs)),
  };
  const { searchEntries } = createCatalog(counted, { warn: () => {} });
  return async (query: string) => {
    reads = 0;
    const { total } = await searchWith(searchEntries, query);
    return { matches: total, reads };
  };
}
