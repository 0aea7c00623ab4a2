import 'server-only';
import { cachedFromSnapshot } from '@/lib/catalog';
import { searchSourceOf } from './documents';
import { createIndexCache, type SearchResults } from './search-index';

const readSearchSource = cachedFromSnapshot('searchDocuments', searchSourceOf);
const indexFor = createIndexCache();

/** Searches the cached catalog: no store read per query, and the index is rebuilt only when the catalog changes. */
export async function searchCatalog(query: string): Promise<SearchResults> {
  return indexFor(await readSearchSource()).search(query);
}
