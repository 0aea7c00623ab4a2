/** The two reads the catalog needs from wherever documents live (Firestore or the embedded catalog). */
export interface RawDocument {
  id: string;
  path: string;
  data: unknown;
  /** When the document last changed (ISO 8601), where the backend knows. */
  updatedAt?: string;
}

export interface DocumentStore {
  /** Every document of a collection (or subcollection) path, e.g. `series/abc/seasons`. */
  list(collectionPath: string): Promise<RawDocument[]>;
  get(documentPath: string): Promise<RawDocument | null>;
}
