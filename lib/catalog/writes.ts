import { searchEntriesOf } from '../search/entries';
import { POPULAR_KEY, popularKey, titleOf } from './popularity';
import type { RawDocument } from './store';

/**
 * What a writer stores for a set of catalog documents: each title with its `popularKey` (the order
 * every list of titles is read in), plus the search entries derived from them. The seed, the catalog
 * generator and the local backend all go through here, so every backend holds the same fields.
 */
export function documentsToWrite(documents: RawDocument[]): RawDocument[] {
  const titles = documents.map((raw) => {
    const isTitle = titleOf(raw.path) !== null && raw.path.split('/').length === 2;
    if (!isTitle || typeof raw.data !== 'object' || raw.data === null) return raw;
    return { ...raw, data: { ...raw.data, [POPULAR_KEY]: popularKey(raw.id, raw.data) } };
  });
  return [...titles, ...searchEntriesOf(documents)];
}
