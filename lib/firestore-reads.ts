import 'server-only';

/**
 * Firestore's billable document reads made by this process, counted where the site reads (the catalog's
 * store, the ledger, the catalog sync), as Firestore bills them: each document a query or get returns,
 * an empty answer still one, a count() one per 1,000 index entries. The tests and the bench read it
 * through GET /api/internal/reads (served only with READ_COUNTER=1) to hold pages and searches to budgets.
 */
const counter = ((globalThis as { __solenemaReads?: { reads: number } }).__solenemaReads ??= { reads: 0 });

/** Records a read that returned `documents` documents. */
export function countReads(documents: number): void {
  counter.reads += Math.max(1, documents);
}

/** Records a count() aggregation over `entries` index entries. */
export function countAggregation(entries: number): void {
  counter.reads += Math.max(1, Math.ceil(entries / 1000));
}

export const readsSoFar = (): number => counter.reads;
