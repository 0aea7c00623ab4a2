import { firebaseWebConfig } from './config';

/** The events an operator reads in Firebase Analytics; GA4's own names where one exists (`search`). */
export type InsightEvent =
  | { name: 'title_opened'; params: { title_path: string } }
  | { name: 'play_started'; params: { video_path: string } }
  | { name: 'purchase_started'; params: { title_path: string } }
  | { name: 'purchase_completed'; params: { title_path: string; method: 'phantom' | 'solana_pay' } }
  | { name: 'purchase_failed'; params: { title_path: string; method: 'phantom' | 'solana_pay' } }
  | { name: 'search_no_results'; params: { search_term: string } }
  | { name: 'web_vitals'; params: { metric: string; value: number; rating: string } };

type Sink = (event: InsightEvent) => void;

/** Events from before the SDK arrived (it loads once the page is idle); a page never holds many. */
const waiting: InsightEvent[] = [];
const MAX_WAITING = 100;
let sink: Sink | null = null;
let silenced = false;

/**
 * Records an event for field insight. Without a Firebase config this is nothing at all (the check
 * is a build-time constant); with one, events wait here until the SDK is loaded, or are dropped for
 * good when the visitor opted out (Global Privacy Control, Do Not Track, or no consent).
 */
export function track(event: InsightEvent) {
  if (!firebaseWebConfig || silenced) return;
  if (sink) sink(event);
  else if (waiting.length < MAX_WAITING) waiting.push(event);
}

/** The SDK is here: everything waiting goes to it, in order. */
export function connectInsight(next: Sink) {
  sink = next;
  for (const event of waiting.splice(0)) next(event);
}

/** The visitor said no: forget what waits and record nothing from now on. */
export function silenceInsight() {
  silenced = true;
  waiting.length = 0;
}
