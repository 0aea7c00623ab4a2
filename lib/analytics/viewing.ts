import { eventsRoute } from '../routes';
/** What the studio counts of viewing (POST /api/events): the server keeps one of each per browser, title and day. */
export const VIEWING_EVENTS = ['dialog', 'play', 'complete'] as const;
export type ViewingEvent = (typeof VIEWING_EVENTS)[number];

/**
 * Tells the server a pay dialog opened or a play started or finished. Nothing waits on it and nothing is retried:
 * a lost count costs a figure, never the visitor's play. `keepalive` lets a completion sent as the tab closes arrive.
 */
export function reportViewing(event: ViewingEvent, path: string) {
  void fetch(eventsRoute, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event, path }),
    keepalive: true,
  }).catch(() => undefined);
}
