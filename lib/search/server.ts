import 'server-only';
import { getCatalogSnapshot } from '@/lib/catalog';
import { createIndexCache, type SearchResults } from './search-index';

const indexFor = createIndexCache();

/** Searches the cached catalog: no store read per query, and the index is rebuilt only when the catalog changes. */
export async function searchCatalog(query: string): Promise<SearchResults> {
  return indexFor(await getCatalogSnapshot()).search(query);
}
