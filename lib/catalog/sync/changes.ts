import type { Firestore } from 'firebase-admin/firestore';
import { treesOf } from '../tree-state';
import { syncTrees } from './trees';

/**
 * The one handler of "these catalog documents changed" (a Firestore trigger's event, a listener's batch, a visit's
 * finding): indexes exactly their titles' trees and answers those whose derived data changed (paths outside the
 * catalog are passed by), whose reads the caller expires (expireCatalogReads). A tree that needed no write (the site's
 * own write to a title, which fires the trigger again) is not among them, so an event never loops nor costs a page.
 */
export async function syncChangedDocuments(db: Firestore, documentPaths: readonly string[]): Promise<string[]> {
  return (await syncTrees(db, treesOf(documentPaths))).indexed;
}
