import type { Firestore } from 'firebase-admin/firestore';
import { tagsToExpire } from '../tags';
import { treesOf } from '../tree-state';
import { syncTrees } from './trees';

export interface ChangesSynced {
  /**
   * The trees of the changed documents' titles (paths outside the catalog are passed by) whose derived data changed:
   * their pages, lists, sitemaps and search entries are out of date.
   */
  indexed: string[];
  /** The cache tags that show the indexed trees, for the caller to expire. */
  tags: string[];
}

/**
 * The one handler of "these catalog documents changed" (a Firestore trigger's event, a listener's batch): indexes
 * exactly their titles' trees and names the cache tags that show them. A tree that needed no write (the site's own
 * write to a title, which fires the trigger again) expires nothing, so an event never loops nor costs a page.
 */
export async function syncChangedDocuments(db: Firestore, documentPaths: readonly string[]): Promise<ChangesSynced> {
  const { indexed } = await syncTrees(db, treesOf(documentPaths));
  return { indexed, tags: indexed.length > 0 ? tagsToExpire(indexed) : [] };
}
