import { dayOf } from '../figures/daily';

/** Days from `from` to `to`, both included (UTC, `2026-11-28`). */
export interface StudioRange {
  from: string;
  to: string;
}

/** The longest range one view reads: a year, so a view costs at most about one document a day of it. */
const MAX_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const isDay = (value: string) => DAY.test(value) && dayOf(Date.parse(`${value}T00:00:00Z`)) === value;

/** The last `days` days up to today. */
export const lastDays = (days: number, now = Date.now()): StudioRange => ({ from: dayOf(now - (days - 1) * DAY_MS), to: dayOf(now) });

/**
 * The range a request asks for (`from`, `to`), or why it cannot be read. Neither asked: the last 30 days. A range
 * reaching past today ends today; one longer than MAX_RANGE_DAYS is refused rather than cut short unseen.
 */
export function rangeOf(from: string | null, to: string | null, now = Date.now()): { ok: true; range: StudioRange } | { ok: false; reason: string } {
  if (!from && !to) return { ok: true, range: lastDays(30, now) };
  const today = dayOf(now);
  const end = to || today;
  const start = from || end;
  if (!isDay(start) || !isDay(end)) return { ok: false, reason: 'Dates are written as YYYY-MM-DD, such as 2026-11-01.' };
  if (start > end) return { ok: false, reason: 'The range starts after it ends.' };
  const until = end > today ? today : end;
  if (start > until) return { ok: false, reason: 'The range starts after today.' };
  if ((Date.parse(until) - Date.parse(start)) / DAY_MS + 1 > MAX_RANGE_DAYS) return { ok: false, reason: `A range covers at most ${MAX_RANGE_DAYS} days.` };
  return { ok: true, range: { from: start, to: until } };
}
