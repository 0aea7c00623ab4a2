import 'server-only';
import { getTitle } from '../catalog';
import { formatSalesCursor } from './cursor';
import type { SalesCursor } from '../payments/ledger/ledger';
import type { StudioRange } from './range';
import { sellingReadiness, siteExplorer } from '../payments/wiring';
import { studioPreorders } from './preorders';
import { SALES_PER_PAGE, studioFigures, studioSales, unclaimedTransfers } from './report';
import { studioCodes } from './codes';

/**
 * Everything one studio view shows, read together: the range's figures (about one document a day), a page of its
 * sales, the transfers waiting on a claim, the going-live checklist, and the title it is narrowed to. `at` is when it was read.
 */
export async function studioView(range: StudioRange, title: string | null, after: SalesCursor | null) {
  const at = Date.now();
  const [report, sales, transfers, narrowed, readiness, explorer, codes] = await Promise.all([
    studioFigures(range, title ?? undefined, at),
    // One more than shown: whether older sales exist, without counting them.
    studioSales(range, SALES_PER_PAGE + 1, after ?? undefined),
    unclaimedTransfers(),
    title ? getTitle(title).catch(() => null) : null,
    sellingReadiness(),
    siteExplorer(),
    studioCodes(),
  ]);
  const preorders = await studioPreorders(report, at);
  const shown = sales.slice(0, SALES_PER_PAGE);
  const last = shown.at(-1);
  return {
    at,
    range,
    report,
    /** Titles the range sold that are not out yet. */
    preorders,
    sales: shown,
    /** Where the next page of sales starts, if there is one. */
    older: sales.length > SALES_PER_PAGE && last ? formatSalesCursor(last) : null,
    /** Where this page of sales started (null: the newest). */
    cursor: after,
    transfers,
    /** The going-live checklist: what a checkout would be refused for. */
    readiness,
    explorer,
    /** The studio's codes, and their uses (screeners apart from sales). */
    codes,
    /** The title the days are narrowed to, named as the catalog has it. */
    title: title ? { path: title, name: narrowed?.title ?? title } : null,
  };
}

export type StudioView = Awaited<ReturnType<typeof studioView>>;
