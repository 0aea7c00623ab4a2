import 'server-only';
import { getTitle } from '../catalog';
import { preorderDate } from '../catalog/release';
import { paidCount } from '../figures';
import type { StudioReport } from './report';

/** A title the range sold that is not out yet: its figures in the range, and when it plays. */
export type Preorder = StudioReport['titles'][number] & { releaseDate: string };

/**
 * The range's pre-orders: titles it sold whose release date is still ahead on the server's clock, soonest first.
 * Read from the titles the report already lists (cached title reads, at most its hundred), never the ledger again.
 */
export async function studioPreorders(report: StudioReport, now = Date.now()): Promise<Preorder[]> {
  const sold = report.titles.filter((title) => paidCount(title.figures) > 0);
  const found = await Promise.all(sold.map(async (title) => ({ title, ref: await getTitle(title.path).catch(() => null) })));
  return found
    .flatMap(({ title, ref }) => {
      const releaseDate = ref && preorderDate(ref, now);
      return releaseDate ? [{ ...title, releaseDate }] : [];
    })
    .sort((a, b) => a.releaseDate.localeCompare(b.releaseDate));
}
