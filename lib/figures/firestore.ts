import { FieldValue, Timestamp, type Firestore } from 'firebase-admin/firestore';
import { withDeadline } from '../deadline';
import { countReads, whileReading } from '../firestore-reads';
import { addInto, daysBetween, type DayFigures, type FiguresStore, type TitleDay } from './daily';

/** Writes of one day spread over this many documents: no one document takes more than Firestore's sustained write rate. */
const SHARDS = 8;
/** A mark (a browser's play of a title on a day) is kept long enough to count that day once, then deleted by the TTL policy. */
const MARK_KEPT_MS = 2 * 86_400_000;

const ALREADY_EXISTS = 6;
/** Title paths hold `/`, which a map key may hold but a field path in an update may not: the writes nest objects. */
const nested = (title: string, figures: TitleDay): Record<string, unknown> => {
  const increments: Record<string, unknown> = {};
  for (const [metric, n] of Object.entries(figures)) {
    if (metric === 'amounts') {
      increments.amounts = Object.fromEntries(Object.entries(n as Record<string, number>).map(([currency, units]) => [currency, FieldValue.increment(units)]));
    } else increments[metric] = FieldValue.increment(n as number);
  }
  return { titles: { [title]: increments } };
};

/**
 * The studio's figures in Firestore: `studioDays/{day}~{shard}` take each write (a random shard of SHARDS), and once a
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

  return {
    async add(day, title, figures) {
      const shard = db.doc(`studioDays/${day}~${Math.floor(Math.random() * SHARDS)}`);
      await bounded(shard.set(nested(title, figures), { merge: true }));
    },
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
