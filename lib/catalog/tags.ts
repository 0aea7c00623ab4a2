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
export function tagsToExpire(documentPaths: string[]): string[] {
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
