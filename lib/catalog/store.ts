/** The reads the catalog needs from wherever documents live (Firestore or the embedded catalog). */
export interface RawDocument {
  id: string;
  path: string;
  data: unknown;
  /** When the document last changed (ISO 8601), where the backend knows. */
  updatedAt?: string;
}

/** A keyset bound on the ordered field: only documents past (`>`) or up to (`<=`) this value. */
type KeysetBound = { op: '>' | '<='; value: string | number };

/**
 * One bounded query of a collection: always ordered and limited, so its cost follows its `limit`,
 * never the collection's size.
 */
export interface StoreQuery {
  orderBy: string;
  direction?: 'asc' | 'desc';
  bound?: KeysetBound;
  arrayContains?: { field: string; value: string };
  limit: number;
}

export interface DocumentStore {
  /** A page of a collection (or subcollection) path, e.g. `series/abc/seasons`. */
  query(collectionPath: string, query: StoreQuery): Promise<RawDocument[]>;
  get(documentPath: string): Promise<RawDocument | null>;
  /** How many documents a collection holds (an aggregation: no document is read). */
  count(collectionPath: string): Promise<number>;
}
