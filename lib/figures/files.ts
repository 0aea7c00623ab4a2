import 'server-only';
import { join } from 'node:path';
import { createRecordFile, readRecordFile, replaceRecordFile } from '../record-files';
import { addInto, daysBetween, type DayFigures, type FiguresStore } from './daily';

/**
 * The figures of a site without Firestore, beside its file ledger (one server process owns it): a file a day, its
 * additions made one at a time in this process, and a file per mark, created once.
 */
export function fileFigures(dir: string): FiguresStore {
  const tmp = join(dir, '.tmp');
  const dayFile = (day: string) => join(dir, 'studio-days', `${day}.json`);
  let queue: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>) => {
    const done = queue.then(work, work);
    queue = done.catch(() => undefined);
    return done;
  };
  const read = async (day: string): Promise<DayFigures | null> => {
    const found = await readRecordFile(dayFile(day));
    return found.state === 'whole' ? (found.data as DayFigures) : null;
  };
  return {
    add: (day, title, figures) =>
      oneAtATime(async () => {
        const current = (await read(day)) ?? {};
        current[title] = addInto(current[title] ?? {}, figures);
        await replaceRecordFile(dayFile(day), current, tmp);
      }),
    markOnce: (key, day) => createRecordFile(join(dir, 'studio-marks', day, `${key}.json`), { day }, tmp),
    async days(from, to) {
      const found = new Map<string, DayFigures>();
      for (const day of daysBetween(from, to)) {
        const figures = await read(day);
        if (figures) found.set(day, figures);
      }
      return found;
    },
  };
}
