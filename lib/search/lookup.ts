import type { SearchDocument } from './documents';
import { lookupToken, normalizeText } from './normalize';
import { createSearchIndex, type SearchResults } from './ranking';

/** Where the candidates of one word piece come from: the catalog's search entries (cached on the site). */
export type EntryLookup = (token: string) => Promise<SearchDocument[]>;

/**
 * A search: the query's longest word (cut to a few letters) finds a bounded set of candidates, which are
 * ranked here by the same rules as ever (ranking.ts). Nothing is kept per instance. A lookup that
 * fails (Firestore slow or down) is an answer that says so, never an error page.
 */
export async function searchWith(lookup: EntryLookup, query: string, log: Pick<Console, 'error'> = console): Promise<SearchResults> {
  const normalized = normalizeText(query);
  if (!normalized) return { normalized, total: 0, hits: [] };
  try {
    return createSearchIndex(await lookup(lookupToken(normalized))).search(query);
  } catch (error) {
    log.error(`[search] could not look up “${normalized}”`, error);
    return { normalized, total: 0, hits: [], unavailable: true };
  }
}
