import { embeddedDocuments } from './embedded';
import type { DocumentStore, RawDocument } from './store';

const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** Reads the embedded catalog in content/, so a fresh clone shows a full site offline. */
export function createLocalStore(documents: RawDocument[] = embeddedDocuments()): DocumentStore {
  const byPath = new Map(documents.map((doc) => [doc.path, doc]));
  const byCollection = new Map<string, RawDocument[]>();
  for (const doc of documents) {
    const collection = parentOf(doc.path);
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), doc]);
  }
  return {
    list: async (collectionPath) => byCollection.get(collectionPath) ?? [],
    get: async (documentPath) => byPath.get(documentPath) ?? null,
  };
}
