import { revalidateTag } from 'next/cache';
import { formatTitlePath, titleContaining } from './kinds';

/** Every cached catalog read carries this tag; POST /api/revalidate without paths expires them all. */
export const CATALOG_TAG = 'catalog';
/** Reads of one title and everything beneath it (`series/x`: its page, seasons, episodes, playback). */
export const treeTag = (titlePath: string) => `catalog:tree:${titlePath}`;
/** Reads of a list of one kind (`series`): the home sections, browse pages, sitemaps, counts. */
export const listTag = (collection: string) => `catalog:list:${collection}`;
/** Search candidates: any change may change them. */
export const searchTag = 'catalog:search';

/**
 * The tags a change to catalog document paths expires: each title's tree, the list of its kind when the
 * title document itself changed (its card), and search. `series` alone (a collection) expires its lists.
 */
function tagsToExpire(documentPaths: readonly string[]): string[] {
  const tags = new Set<string>([searchTag]);
  for (const path of documentPaths) {
    const segments = path.split('/');
    const title = titleContaining(path);
    if (segments.length === 1) tags.add(listTag(path));
    if (!title) continue;
    tags.add(treeTag(formatTitlePath(title)));
    if (segments.length === 2) tags.add(listTag(title.kind));
  }
  return [...tags];
}

/**
 * The one way an edit reaches pages: every source (the trigger, the cron's scan, the listeners through it, the visits'
 * upkeep, POST /api/revalidate) names what changed here, as catalog document paths or `everything`, and the reads that
 * show it are expired. Returns the tags expired (none when nothing changed: not even search).
 *
 * Expired, not stale (`{ expire: 0 }`): the next visitor after an edit sees it, rather than the page before it once more.
 * Every source but POST /api/revalidate calls this just after reading the changed documents, so Firestore is up and
 * the new page can render; a page that is only old keeps stale-while-revalidate through an outage (its lifetime).
 * Only within a request (a route, or a page's `after()`): Next keeps no tags elsewhere.
 */
export function expireCatalogReads(changed: readonly string[] | 'everything'): string[] {
  const tags = changed === 'everything' ? [CATALOG_TAG] : changed.length > 0 ? tagsToExpire(changed) : [];
  for (const tag of tags) revalidateTag(tag, { expire: 0 });
  return tags;
}
