import 'server-only';
import { join } from 'node:path';
import { titleContaining, formatTitlePath } from '../catalog/kinds';
import { env } from '../env/server';
import { describeFailure } from '../failure';
import { firestore, firestoreConfigured } from '../firebase';
import { signingSecret } from '../identity/secret';
import { holderOf } from '../identity/signed-token';
import { dayOf, type Metric, type TitleDay } from './daily';
import { fileFigures } from './files';
import { firestoreFigures } from './firestore';

export { addInto, dayOf, daysBetween, paidCount, type Metric, type TitleDay } from './daily';

/** The site's figures store: in Firestore where the ledger is, else beside the file ledger. */
export const figures = firestoreConfigured(env)
  ? firestoreFigures(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileFigures(env.LEDGER_DIR ?? join(process.cwd(), '.data'));

/** The title a path counts toward: its tree (`series/x` for a season or an episode of it). */
const titleOfPath = (path: string) => {
  const title = titleContaining(path);
  return title ? formatTitlePath(title) : null;
};

/** Adds to a title's figures of today; a figure that cannot be written is logged, never a reason to fail a sale or a play. */
export async function count(path: string, add: TitleDay, now = Date.now()) {
  const title = titleOfPath(path);
  if (!title) return;
  try {
    await figures.add(dayOf(now), title, add);
  } catch (error) {
    console.error(`[figures] could not count ${JSON.stringify(add)} for ${title}: ${describeFailure(error)}`);
  }
}

/**
 * Counts a browser's event on a title once a day (a play, a completion, a pay dialog opened). `who` is the browser's id
 * or, without one, its address: only a keyed digest of it and the day is kept, never the id, and it expires.
 */
export async function countOnce(path: string, metric: Extract<Metric, 'dialogs' | 'plays' | 'completions'>, who: string, now = Date.now()) {
  const title = titleOfPath(path);
  if (!title) return false;
  const day = dayOf(now);
  const key = holderOf(signingSecret, 'studio-mark', `${day}\n${who}\n${title}\n${metric}`);
  try {
    if (!(await figures.markOnce(key, day))) return false;
    await figures.add(day, title, { [metric]: 1 });
    return true;
  } catch (error) {
    console.error(`[figures] could not count a ${metric} of ${title}: ${describeFailure(error)}`);
    return false;
  }
}
