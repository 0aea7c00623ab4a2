import { z } from 'zod';

/**
 * A title's release date (`releaseDate`), as an operator writes it: an ISO date (`2027-03-01`, midnight UTC) or
 * date-time (`2027-03-01T18:00:00Z`), or a Firestore timestamp (the console's "timestamp" type). A locked title
 * whose date is ahead sells as a pre-order and plays from the date, by the server's clock. Plain module: the
 * page's words and the checkout's rule are the same code.
 */

const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;
const RELEASE_DATE_FORMS = 'an ISO date such as 2027-03-01 (midnight UTC) or 2027-03-01T18:00:00Z, or a Firestore timestamp';

/** The milliseconds a value names: a Timestamp (firebase-admin's, or as JSON), a Date, or an ISO string; NaN otherwise. */
function millisOf(value: unknown): number {
  if (typeof value === 'string') return ISO_DATE.test(value.trim()) ? Date.parse(value.trim()) : NaN;
  if (value instanceof Date) return value.getTime();
  if (value && typeof value === 'object') {
    const stamp = value as { toMillis?: unknown; seconds?: unknown; _seconds?: unknown; nanoseconds?: unknown; _nanoseconds?: unknown };
    if (typeof stamp.toMillis === 'function') return Number((stamp.toMillis as () => number).call(value));
    const seconds = stamp.seconds ?? stamp._seconds;
    const nanos = stamp.nanoseconds ?? stamp._nanoseconds ?? 0;
    if (typeof seconds === 'number' && typeof nanos === 'number') return seconds * 1000 + Math.floor(nanos / 1e6);
  }
  return NaN;
}

/** The optional field: absent (or null) is no release date (left out of the parsed document); anything else must name a time, kept as ISO 8601 (UTC). */
export const releaseDateField = z
  .unknown()
  .optional()
  .transform((value, ctx): string | undefined => {
    if (value === undefined || value === null) return undefined;
    const ms = millisOf(value);
    // Years 1970 to 9999: a date an ISO string can hold, and no Timestamp of nonsense.
    if (Number.isFinite(ms) && ms >= 0 && ms < Date.UTC(10000, 0, 1)) return new Date(ms).toISOString();
    ctx.addIssue({ code: 'custom', message: `expected ${RELEASE_DATE_FORMS}` });
    return z.NEVER;
  });

/** A title as the release rules read it: locked, with its release date (ISO) or none. */
export interface Releasable {
  locked: boolean;
  releaseDate?: string | null;
}

/** The release date of a title that is not out yet (a locked title only: a free one plays at once), or null. */
export function preorderDate(title: Releasable, now = Date.now()): string | null {
  return title.locked && title.releaseDate && Date.parse(title.releaseDate) > now ? title.releaseDate : null;
}

/** Whole seconds until a release (at least 1): how long a page that says "Pre-order" may be cached. */
export const secondsUntil = (releaseDate: string, now = Date.now()) => Math.max(1, Math.ceil((Date.parse(releaseDate) - now) / 1000));

/** "1 March 2027", in UTC: the day a date names wherever the server runs. */
export const releaseDay = (releaseDate: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(releaseDate));

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "in 12 days", "in 5 hours", "in 3 minutes", "in under a minute": how long is left, rounded up. */
export function timeLeft(releaseDate: string, now = Date.now()): string {
  const minutes = Math.ceil((Date.parse(releaseDate) - now) / 60_000);
  if (minutes <= 1) return 'in under a minute';
  if (minutes < 120) return `in ${plural(minutes, 'minute')}`;
  const hours = Math.ceil(minutes / 60);
  if (hours < 48) return `in ${plural(hours, 'hour')}`;
  return `in ${plural(Math.ceil(hours / 24), 'day')}`;
}

/** "Releases 1 March 2027 · in 12 days": what a pre-order's page says, rendered on the server. */
export const releaseLine = (releaseDate: string, now = Date.now()) => `Releases ${releaseDay(releaseDate)} · ${timeLeft(releaseDate, now)}`;

/** What a buyer of a title not out yet is told when it asks to play it. */
export const notReleasedReason = (releaseDate: string) =>
  `Plays from ${releaseDay(releaseDate)} (${new Date(releaseDate).toISOString().slice(11, 16)} UTC): your pre-order is in your library.`;
