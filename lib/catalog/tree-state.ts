import { createHash } from 'node:crypto';
import { formatTitlePath, titleContaining } from './kinds';
import { POPULAR_KEY } from './popularity';

/** Where a title records the state of its tree (itself, its seasons and episodes) that the site last indexed. */
export const SYNC_HASH = 'syncHash';
/**
 * Where a title records the state of its own document that the site last indexed: any page or list that reads
 * the title can tell, at no extra read, that the operator edited it since (see isEditedTitle).
 */
export const TITLE_HASH = 'titleHash';

/** Fields the site writes into an operator's documents: a change to them is no edit of the operator's. */
const SITE_FIELDS = new Set([POPULAR_KEY, SYNC_HASH, TITLE_HASH, 'purchaseCount']);

/**
 * The tree a catalog document belongs to, the unit the site indexes: `series/x` for the series, its
 * seasons and their episodes; `shortFilms/f` for the film and its episodes; a movie alone. Null for
 * anything else (the ledger, search entries).
 */
export function treeOf(path: string): string | null {
  const title = titleContaining(path);
  return title && formatTitlePath(title);
}

/** The trees `paths` belong to, each once (paths outside the catalog are passed by). */
export function treesOf(paths: readonly string[]): string[] {
  const trees = paths.map(treeOf).filter((tree): tree is string => tree !== null);
  return [...new Set(trees)];
}

/** A Firestore value as stable text: object keys sorted, timestamps and references by what they name. */
function stable(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'undefined';
  if (Array.isArray(value)) return `[${value.map(stable).join(',')}]`;
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString('base64')}`;
  const special = value as { toMillis?: () => number; path?: unknown; firestore?: unknown; latitude?: unknown; longitude?: unknown };
  if (typeof special.toMillis === 'function') return `time:${special.toMillis()}`;
  if (typeof special.path === 'string' && special.firestore) return `ref:${special.path}`;
  if (typeof special.latitude === 'number' && typeof special.longitude === 'number') return `geo:${special.latitude},${special.longitude}`;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stable(item)}`).join(',')}}`;
}

/** What the operator wrote in one document, as a short digest (the site's own fields left out). */
export function documentHash(data: unknown): string {
  const own = typeof data === 'object' && data !== null ? Object.fromEntries(Object.entries(data).filter(([key]) => !SITE_FIELDS.has(key))) : data;
  return createHash('sha256').update(stable(own)).digest('base64url').slice(0, 22);
}

/** Whether a title document was written or edited by hand since the site last indexed its tree (no sort key, or another state). */
export function isEditedTitle(data: unknown): boolean {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  return fields[POPULAR_KEY] === undefined || fields[TITLE_HASH] !== documentHash(data);
}

/** A tree's state from its documents' digests: any edit, addition or removal in the tree changes it. */
export function treeHash(documents: { path: string; hash: string }[]): string {
  const lines = documents.map(({ path, hash }) => `${path} ${hash}`).sort();
  return createHash('sha256').update(lines.join('\n')).digest('base64url').slice(0, 22);
}
