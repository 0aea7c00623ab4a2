import documentaries from '@/content/documentaries.json';
import series from '@/content/series.json';
import shortFilms from '@/content/shortFilms.json';
import trailers from '@/content/trailers.json';
import { LEVELS_BENEATH, type Kind } from './kinds';
import type { RawDocument } from './store';

/** Fields of an embedded document that hold a subcollection rather than a value. */
const SUBCOLLECTIONS = new Set<string>(LEVELS_BENEATH);

const ROOTS: Record<Kind, unknown> = { trailers, documentaries, series, shortFilms };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function flatten(collectionPath: string, documents: unknown, out: RawDocument[]) {
  if (!isRecord(documents)) return;
  for (const [id, value] of Object.entries(documents)) {
    const path = `${collectionPath}/${id}`;
    const data: Record<string, unknown> = {};
    for (const [field, fieldValue] of Object.entries(isRecord(value) ? value : {})) {
      if (SUBCOLLECTIONS.has(field) && isRecord(fieldValue)) flatten(`${path}/${field}`, fieldValue, out);
      else data[field] = fieldValue;
    }
    out.push({ id, path, data: isRecord(value) ? data : value });
  }
}

/** The embedded catalog (content/*.json) as the flat list of Firestore documents it mirrors. */
export function embeddedDocuments(roots: Record<string, unknown> = ROOTS): RawDocument[] {
  const out: RawDocument[] = [];
  for (const [collection, documents] of Object.entries(roots)) flatten(collection, documents, out);
  return out;
}
