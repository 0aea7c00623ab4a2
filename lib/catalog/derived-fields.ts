import { POPULAR_KEY, popularKey } from './popularity';
import { searchEntriesOf } from './search-entries';
import type { RawDocument } from './store';
import { documentHash, SYNC_HASH, TITLE_HASH, treeHash, treeOf } from './tree-state';

/** Each tree's state (see treeHash) from the documents given: the trees they hold, whole. */
export function treeHashes(documents: RawDocument[]): Map<string, string> {
  const trees = new Map<string, { path: string; hash: string }[]>();
  for (const doc of documents) {
    const tree = treeOf(doc.path);
    if (tree) trees.set(tree, [...(trees.get(tree) ?? []), { path: doc.path, hash: documentHash(doc.data) }]);
  }
  return new Map([...trees].map(([tree, docs]) => [tree, treeHash(docs)]));
}

/**
 * What a writer stores for a set of catalog documents: each title with its `popularKey` (the order
 * every list of titles is read in) and the states of its tree and of itself it was indexed at
 * (`syncHash`, `titleHash`), plus the search entries derived from them. The seed, the catalog generator,
 * the catalog sync and the local backend all go through here, so every backend holds the same fields.
 */
export function documentsToWrite(documents: RawDocument[]): RawDocument[] {
  const hashes = treeHashes(documents);
  const titles = documents.map((raw) => {
    const tree = treeOf(raw.path);
    if (tree !== raw.path || typeof raw.data !== 'object' || raw.data === null) return raw;
    const derived = { [POPULAR_KEY]: popularKey(raw.id, raw.data), [SYNC_HASH]: hashes.get(tree), [TITLE_HASH]: documentHash(raw.data) };
    return { ...raw, data: { ...raw.data, ...derived } };
  });
  return [...titles, ...searchEntriesOf(documents)];
}
