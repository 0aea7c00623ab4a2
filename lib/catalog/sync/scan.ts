import type { Firestore } from 'firebase-admin/firestore';
import { readDocument, setDocument } from '../firestore-adapter';
import { KIND_LIST } from '../kinds';
import { SYNC_RECORDS } from './records';
import { everyStretch, indexPage, nextPlace, parsePlace, PASS_START, readPassPage, type PassPlace } from './passes';

/** Every kind's titles, then its entries. */
const STRETCHES = everyStretch(KIND_LIST);

/** A place in the scan (see passes.ts), and the whole passes over the catalog so far. */
type ScanCursor = PassPlace & { passes: number };

function parseCursor(data: unknown): ScanCursor {
  const place = parsePlace(data, STRETCHES.length);
  const passes = (data as { passes?: unknown } | undefined)?.passes;
  return place && typeof passes === 'number' ? { ...place, passes } : { ...PASS_START, passes: 0 };
}

export interface ScanStep {
  indexed: string[];
  /** Titles and entries looked at in this step. */
  checked: number;
  /** Where the next step starts. */
  cursor: ScanCursor;
}

/**
 * One bounded step of the scan a cron runs where no trigger and no listener does: pages of titles (each title's
 * tree is indexed, so an edit beneath it is found too) and of their entries, from where the last step stopped,
 * starting no tree after `deadline` but the first (a page cut short is read again from its first tree left), and
 * ending early when a whole pass is done. Never the whole catalog in one call: a pass over N titles takes about
 * N / (titles a step indexes) calls.
 */
export async function scanStep(db: Firestore, deadline: number): Promise<ScanStep> {
  let cursor = parseCursor((await readDocument(db, SYNC_RECORDS.scan))?.data);
  const passes = cursor.passes;
  const indexed: string[] = [];
  let checked = 0;
  // At least one tree a call, however little time is left: every call moves the scan on.
  do {
    const page = await readPassPage(db, STRETCHES[cursor.stretch]!, cursor.after, false);
    const done = await indexPage(db, [...page.titles, ...page.deleted], deadline);
    indexed.push(...done.indexed);
    checked += page.ids.length;
    const next = nextPlace(cursor, page.ids, STRETCHES.length, done.firstLeft);
    cursor = next ? { ...next, passes } : { ...PASS_START, passes: passes + 1 };
    await setDocument(db, SYNC_RECORDS.scan, { ...cursor });
  } while (Date.now() < deadline && cursor.passes === passes);
  return { indexed, checked, cursor };
}
