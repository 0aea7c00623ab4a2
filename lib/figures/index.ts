import 'server-only';
import { join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { titleContaining, formatTitlePath } from '../catalog/kinds';
import { env } from '../env/server';
import { describeFailure } from '../failure';
import { firestore, firestoreConfigured } from '../firebase-admin-app';
import { lazyLimiter, spend } from '../http/limiter';
import { signingSecret } from '../identity/signing-secret';
import { holderOf } from '../identity/signed-token';
import { BROWSERS_COUNTED_PER_ADDRESS, dayOf, type Metric, type TitleDay } from './daily';
import { fileFigures } from './files';
import { firestoreFigures } from './day-shards';

export { addInto, BROWSERS_COUNTED_PER_ADDRESS, dayOf, daysBetween, paidCount, type Metric, type TitleDay } from './daily';

/** The site's figures store: in Firestore where the ledger is, else beside the file ledger. */
export const figures = firestoreConfigured(env)
  ? firestoreFigures(firestore(env), env.FIRESTORE_TIMEOUT_MS)
  : fileFigures(env.LEDGER_DIR ?? join(process.cwd(), '.data'));

const addressShare = lazyLimiter({ name: 'figures-address', points: BROWSERS_COUNTED_PER_ADDRESS, durationSeconds: 2 * 86_400 });
/** Reports one address may have looked at a minute, whatever its cookies: what it can make the store write stays bounded. */
export const ADDRESS_REPORTS_PER_MINUTE = 300;
const addressReports = lazyLimiter({ name: 'figures-reports', points: ADDRESS_REPORTS_PER_MINUTE, durationSeconds: 60 });
// Marks this instance already made: a browser reporting the same play again costs no write (bounded: keys are 64 bytes).
const marked = new LRUCache<string, true>({ max: 20_000 });

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

/** Who reported an event: the browser's id (null without a cookie) and the address it came from (null where none is vouched for). */
export interface Reporter {
  browser: string | null;
  address: string | null;
}

/**
 * Counts a browser's event on a title once a day (a play, a completion, a pay dialog opened, a checkout started), and
 * at most BROWSERS_COUNTED_PER_ADDRESS browsers of one address. A browser without a cookie is its address. Only keyed
 * digests of who, the title and the day are kept, never an id or an address, and they expire.
 */
export async function countOnce(path: string, metric: Extract<Metric, 'dialogs' | 'checkouts' | 'plays' | 'completions'>, who: Reporter, now = Date.now()) {
  const title = titleOfPath(path);
  if (!title) return false;
  const day = dayOf(now);
  const reporter = who.browser ?? `client:${who.address ?? 'unattributed'}`;
  const key = holderOf(signingSecret, 'studio-mark', `${day}\n${reporter}\n${title}\n${metric}`);
  if (marked.has(key)) return false;
  if (who.address && !(await spend(addressReports(), holderOf(signingSecret, 'studio-reports', who.address))).ok) return false;
  try {
    const first = await figures.markOnce(key, day);
    marked.set(key, true);
    if (!first || !(await addressMayCount(who, day, title, metric))) return false;
    await figures.add(day, title, { [metric]: 1 });
    return true;
  } catch (error) {
    console.error(`[figures] could not count a ${metric} of ${title}: ${describeFailure(error)}`);
    return false;
  }
}

/** One more browser of this address (or the address itself, without a cookie) counted toward the title's figure today, within the bound. */
async function addressMayCount({ address }: Reporter, day: string, title: string, metric: Metric) {
  // With no address vouched for, clients cannot be told apart: the mark alone counts each browser once.
  if (!address) return true;
  const share = holderOf(signingSecret, 'studio-address', `${day}\n${address}\n${title}\n${metric}`);
  return (await spend(addressShare(), share)).ok;
}
