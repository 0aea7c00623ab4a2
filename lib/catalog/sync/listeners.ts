import type { Firestore } from 'firebase-admin/firestore';
import { catalogQueries, listenTo, type DocumentChange } from '../firestore-adapter';
import type { RawDocument } from '../store';
import { treeOf } from '../tree-state';
import { treesToSync } from './trees';

/** What changed since the sync last asked: trees to index, and whether this is the watch's first look at the catalog. */
interface WatchedChanges {
  trees: string[];
  /** Every catalog document as the watch holds it (for the first look's sweep of entries left by deletions). */
  documents: RawDocument[];
  firstLook: boolean;
}

export interface CatalogWatch {
  /** True once every listener has its first snapshot and something changed since the last `take()`. */
  hasChanges(): boolean;
  /** The trees that changed (every unindexed one, the first time), or null while the first snapshots are still coming. */
  take(): WatchedChanges | null;
  /** Hands back what a failed sync took, so the next one tries it again. */
  giveBack(changes: WatchedChanges): void;
  stop(): void;
}

const RETRY_MS = 30_000;

/**
 * Watches the catalog with Firestore listeners, on a long-running server (`next start`): one first look at
 * every document (billed once per document), then only what changes (billed per changed document), so an
 * idle site reads nothing however large its catalog. `onChange` hears of the first look and of every change
 * after it. A listener that fails is started again after 30 s, with a new first look.
 */
export function watchCatalog(db: Firestore, log: Pick<Console, 'warn'> = console, onChange: () => void = () => {}): CatalogWatch {
  const queries = catalogQueries(db);
  const documents = new Map<string, RawDocument>();
  const changed = new Set<string>();
  let ready = new Set<number>();
  let firstLook = true;
  let unsubscribers: (() => void)[] = [];
  let retry: ReturnType<typeof setTimeout> | undefined;

  function apply(index: number, changes: DocumentChange[]) {
    for (const { type, doc } of changes) {
      const tree = treeOf(doc.path);
      if (!tree) continue;
      if (type === 'removed') documents.delete(doc.path);
      else documents.set(doc.path, doc);
      changed.add(tree);
    }
    const firstLookDone = ready.size < queries.length && ready.add(index).size === queries.length;
    // The first look is news even when the last listener to answer found nothing (an empty kind).
    if (firstLookDone || (ready.size === queries.length && changes.length > 0)) onChange();
  }

  function start() {
    documents.clear();
    changed.clear();
    ready = new Set();
    firstLook = true;
    unsubscribers = queries.map((query, index) =>
      listenTo(
        query,
        (changes) => apply(index, changes),
        (error) => {
          log.warn(`[catalog sync] a Firestore listener stopped (${error.message}); watching again in ${RETRY_MS / 1000} s`);
          stop();
          retry = setTimeout(start, RETRY_MS);
          retry.unref?.();
        },
      ),
    );
  }

  function stop() {
    for (const unsubscribe of unsubscribers) unsubscribe();
    unsubscribers = [];
    clearTimeout(retry);
  }

  start();
  return {
    hasChanges: () => ready.size === queries.length && (firstLook || changed.size > 0),
    take() {
      if (ready.size < queries.length) return null;
      const all = [...documents.values()];
      const inChanged = all.filter((doc) => changed.has(treeOf(doc.path)!));
      // A tree with no document left was deleted whole: its entries still need removing.
      const present = new Set(inChanged.map((doc) => treeOf(doc.path)));
      const emptied = [...changed].filter((tree) => !present.has(tree));
      const result = { trees: [...treesToSync(inChanged), ...emptied], documents: all, firstLook };
      changed.clear();
      firstLook = false;
      return result;
    },
    giveBack(changes) {
      for (const tree of changes.trees) changed.add(tree);
      firstLook ||= changes.firstLook;
    },
    stop,
  };
}
