/**
 * Firestore's billable document reads made by this process, counted where the site reads (the catalog's
 * store, the ledger, the catalog sync), as Firestore bills them: each document a query or get returns,
 * an empty answer still one, a count() one per 1,000 index entries. The tests and the bench read it
 * through GET /api/internal/reads (served only with READ_COUNTER=1) to hold pages and searches to budgets.
 * No secret here, so not server-only: the seed writer counts its reads in scripts and Playwright's scale spec too.
 */
import { processState } from './process-state';

const counter = processState('firestore reads', () => ({ reads: 0, inFlight: 0 }));

/** Records a read that returned `documents` documents. */
export function countReads(documents: number): void {
  counter.reads += Math.max(1, documents);
}

/** Records a count() aggregation over `entries` index entries. */
export function countAggregation(entries: number): void {
  counter.reads += Math.max(1, Math.ceil(entries / 1000));
}

/**
 * Runs a read, known as in flight until it answers or gives up: a read is counted when it answers, so a test
 * waiting for the count to settle also waits for reads still running (a slow emulator's query).
 */
export async function whileReading<T>(read: Promise<T>): Promise<T> {
  counter.inFlight += 1;
  try {
    return await read;
  } finally {
    counter.inFlight -= 1;
  }
}

export const readsSoFar = (): number => counter.reads;
export const readsInFlight = (): number => counter.inFlight;
