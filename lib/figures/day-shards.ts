import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../deadline';
import { countReads, whileReading } from '../firestore-reads';
import { addInto, daysBetween, type DayFigures, type FiguresStore, type TitleDay } from './daily';

/** Writes of one day spread over this many documents: no one document takes more than Firestore's sustained write rate. */
export const SHARDS = 16;
/** Additions made within this long on one instance go out as one write per day, whatever the titles and the traffic. */
const BATCH_MS = 100;
/** A mark (a browser's play of a title on a day) is kept long enough to count that day once, then deleted by the TTL policy. */
const MARK_KEPT_MS = 2 * 86_400_000;

const ALREADY_EXISTS = 6;
/** Title paths hold `/`, which a map key may hold but a field path in an update may not: the writes nest objects. */
function increments(figures: TitleDay): Record<string, unknown> {
  const increments: Record<string, unknown> = {};
  for (const [metric, n] of Object.entries(figures)) {
    if (metric === 'amounts') {
      increments.amounts = Object.fromEntries(Object.entries(n as Record<string, number>).map(([currency, units]) => [currency, FieldValue.increment(units)]));
    } else increments[metric] = FieldValue.increment(n as number);
  }
  return increments;
}
const nested = (figures: DayFigures) => ({ titles: Object.fromEntries(Object.entries(figures).map(([title, day]) => [title, increments(day)])) });

/**
 * Gathers additions for BATCH_MS and writes them as one document write per day: a burst of plays across the catalog
 * costs an instance at most a few writes a second. Each caller waits for the write holding its addition (on Vercel a
 * function may be frozen once it answers, so nothing is left in memory unwritten), and sees its failure.
 */
function batchedAdds(write: (day: string, figures: DayFigures) => Promise<unknown>) {
  let pending: Map<string, DayFigures> | null = null;
  let flushed: Promise<void> = Promise.resolve();
  return (day: string, title: string, figures: TitleDay): Promise<void> => {
    if (!pending) {
      const batch = (pending = new Map());
      flushed = new Promise<void>((resolve) => setTimeout(resolve, BATCH_MS)).then(async () => {
        pending = null;
        await Promise.all([...batch].map(([batchDay, titles]) => write(batchDay, titles)));
      });
    }
    const titles = pending.get(day) ?? {};
    titles[title] = addInto(titles[title] ?? {}, figures);
    pending.set(day, titles);
    return flushed;
  };
}

/**
 * The studio's figures in Firestore: `studioDays/{day}~{shard}` take each batch of additions (a random shard of SHARDS), and once a
 * day is over the first read merges its shards into `studioDays/{day}`, read alone from then on: a month's view reads
 * one document a day (and the shards of today). `studioMarks/{key}` make a play count once, and expire.
 */
export function firestoreFigures(db: Firestore, timeoutMs: number): FiguresStore {
  const bounded = <T>(work: Promise<T>) => withDeadline(work, timeoutMs, 'figures');
  const shardsOf = (day: string) => Array.from({ length: SHARDS }, (_, shard) => db.doc(`studioDays/${day}~${shard}`));

  async function merged(day: string): Promise<DayFigures | null> {
    const shards = await whileReading(bounded(db.getAll(...shardsOf(day))));
    countReads(shards.length);
    const figures: DayFigures = {};
    for (const shard of shards) {
      for (const [title, day] of Object.entries((shard.get('titles') ?? {}) as DayFigures)) figures[title] = addInto(figures[title] ?? {}, day);
    }
    return shards.some((shard) => shard.exists) ? figures : null;
  }

  const add = batchedAdds((day, figures) => bounded(db.doc(`studioDays/${day}~${Math.floor(Math.random() * SHARDS)}`).set(nested(figures), { merge: true })));

  return {
    add,
    async markOnce(key, day) {
      try {
        await bounded(db.doc(`studioMarks/${key}`).create({ day, expireAt: Timestamp.fromMillis(Date.now() + MARK_KEPT_MS) }));
        return true;
      } catch (error) {
        if ((error as { code?: number }).code === ALREADY_EXISTS) return false;
        throw error;
      }
    },
    async days(from, to, today) {
      const days = daysBetween(from, to);
      const found = new Map<string, DayFigures>();
      const past = days.filter((day) => day < today).map((day) => db.doc(`studioDays/${day}`));
      const compacted = past.length > 0 ? await whileReading(bounded(db.getAll(...past))) : [];
      if (past.length > 0) countReads(compacted.length);
      const done = new Map(compacted.filter((doc) => doc.exists).map((doc) => [doc.id, (doc.get('titles') ?? {}) as DayFigures]));
      for (const day of days) {
        const kept = done.get(day);
        if (kept) {
          if (Object.keys(kept).length > 0) found.set(day, kept);
          continue;
        }
        const figures = await merged(day);
        // A past day's shards take no more writes: merged once, read as one document from then on (an empty day too).
        if (day < today) await bounded(db.doc(`studioDays/${day}`).set({ titles: figures ?? {} }));
        if (figures) found.set(day, figures);
      }
      return found;
    },
  };
}
