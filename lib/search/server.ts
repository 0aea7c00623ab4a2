import 'server-only';
import { searchEntries } from '@/lib/catalog';
import { searchWith } from './lookup';
import type { SearchResults } from './search-index';

/** Searches the catalog: a few hundred document reads at most per word piece, and none once its candidates are cached. */
export const searchCatalog = (query: string): Promise<SearchResults> => searchWith(searchEntries, query);
