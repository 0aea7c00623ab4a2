import { embeddedDocuments } from './embedded';
import type { DocumentStore, RawDocument, StoreQuery } from './store';
import { documentsToWrite } from './derived-fields';

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

type Value = string | number;
const fieldOf = (doc: RawDocument, field: string): unknown => (doc.data as Record<string, unknown> | undefined)?.[field];
const isValue = (value: unknown): value is Value => typeof value === 'string' || typeof value === 'number';
const compare = (a: Value, b: Value) => (typeof a !== typeof b ? (typeof a === 'number' ? -1 : 1) : a < b ? -1 : a > b ? 1 : 0);

/** A query run as Firestore runs it: documents without the ordered field are left out. */
function run(documents: RawDocument[], { orderBy, direction = 'asc', bound, arrayContains, limit }: StoreQuery): RawDocument[] {
  const matching = documents.filter((doc) => {
    const value = fieldOf(doc, orderBy);
    if (!isValue(value)) return false;
    if (bound && typeof value === typeof bound.value) {
      const order = compare(value, bound.value);
      if (bound.op === '>' ? order <= 0 : order > 0) return false;
    } else if (bound) return false;
    if (!arrayContains) return true;
    const list = fieldOf(doc, arrayContains.field);
    return Array.isArray(list) && list.includes(arrayContains.value);
  });
  const sign = direction === 'asc' ? 1 : -1;
  return matching.sort((a, b) => sign * compare(fieldOf(a, orderBy) as Value, fieldOf(b, orderBy) as Value)).slice(0, limit);
}

/** Reads the embedded catalog in content/ (with its sort keys and search entries), so a fresh clone shows a full site offline. */
export function createLocalStore(documents: RawDocument[] = documentsToWrite(embeddedDocuments())): DocumentStore {
  const byPath = new Map(documents.map((doc) => [doc.path, doc]));
  const byCollection = new Map<string, RawDocument[]>();
  for (const doc of documents) {
    const collection = parentOf(doc.path);
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), doc]);
  }
  return {
    query: async (collectionPath, query) => run(byCollection.get(collectionPath) ?? [], query),
    get: async (documentPath) => byPath.get(documentPath) ?? null,
    count: async (collectionPath) => byCollection.get(collectionPath)?.length ?? 0,
  };
}
