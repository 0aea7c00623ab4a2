import 'server-only';
import { getTitle } from '../catalog';
import { addInto, dayOf, daysBetween, figures, paidCount, type TitleDay } from '../figures';
import { ledger, type ExtraPayment, type Purchase, type RecipientTransfer, type SalesCursor } from '../payments/ledger/ledger';
import { serverCluster } from '../payments/wiring';
import type { StudioRange } from './range';

/** Titles listed by name on the page; the rest are counted, and the CSV has every sale. */
const TITLES_SHOWN = 100;
/** Sales listed per page, newest first. */
export const SALES_PER_PAGE = 50;
/** Transfers to the recipient looked through for the reconciliation. */
const TRANSFERS_READ = 100;
/** Dust is shown folded, newest first: enough to see what it is, not worth more reads. */
const DUST_READ = 20;

interface TitleFigures {
  path: string;
  /** Its name in the catalog today; its path when the catalog no longer has it. */
  name: string;
  figures: TitleDay;
}

/** A sale as the studio lists it: its purchase and the title it was for. */
export type Sale = Purchase & { name: string };

/** A transfer to the recipient the site has no claim for, with the title it paid when it named a checkout of ours. */
export type Unclaimed = RecipientTransfer & { checkout: NonNullable<RecipientTransfer['checkout']> };

export interface StudioReport {
  range: StudioRange;
  /** Every day of the range, oldest first: all titles together, or the one title asked for. */
  days: { day: string; figures: TitleDay }[];
  /** Titles with any figure in the range, by sales then plays: the first TITLES_SHOWN. */
  titles: TitleFigures[];
  /** Titles with figures beyond those shown. */
  moreTitles: number;
  totals: TitleDay;
}

/** A title's name as the catalog has it now, or its path (a title removed since it sold). */
const nameOf = async (path: string) => (await getTitle(path).catch(() => null))?.title ?? path;

/**
 * The studio's figures over a range: read from the daily rollups (lib/figures), about one document a day whatever the
 * number of sales, plays and titles. `title` narrows the days to one title.
 */
export async function studioFigures(range: StudioRange, title?: string, now = Date.now()): Promise<StudioReport> {
  const found = await figures.days(range.from, range.to, dayOf(now));
  const byTitle = new Map<string, TitleDay>();
  const totals: TitleDay = {};
  const days = daysBetween(range.from, range.to).map((day) => {
    const ofDay: TitleDay = {};
    for (const [path, figuresOfTitle] of Object.entries(found.get(day) ?? {})) {
      byTitle.set(path, addInto(byTitle.get(path) ?? {}, figuresOfTitle));
      addInto(totals, figuresOfTitle);
      if (!title || title === path) addInto(ofDay, figuresOfTitle);
    }
    return { day, figures: ofDay };
  });
  const ranked = [...byTitle].sort(([, a], [, b]) => paidCount(b) - paidCount(a) || (b.plays ?? 0) - (a.plays ?? 0));
  const titles = await Promise.all(ranked.slice(0, TITLES_SHOWN).map(async ([path, figures]) => ({ path, name: await nameOf(path), figures })));
  return { range, days, titles, moreTitles: Math.max(0, ranked.length - TITLES_SHOWN), totals };
}

/** The range's sales, newest first, a page at a time: `after` is the last sale of the page before. */
export async function studioSales(range: StudioRange, limit: number, after?: SalesCursor): Promise<Sale[]> {
  const cluster = await serverCluster();
  const sales = await ledger.salesBetween(cluster, `${range.from}T00:00:00.000Z`, nextDay(range.to), limit, after);
  const names = new Map(await Promise.all([...new Set(sales.map((sale) => sale.path))].map(async (path) => [path, await nameOf(path)] as const)));
  return sales.map((sale) => ({ ...sale, name: names.get(sale.path) ?? sale.path }));
}

/** Every sale of the range, newest first, for the export: read a page at a time, never all at once. */
export async function* everySale(range: StudioRange, pageSize = 500): AsyncGenerator<Sale[]> {
  let after: SalesCursor | undefined;
  for (;;) {
    const page = await studioSales(range, pageSize, after);
    if (page.length > 0) yield page;
    if (page.length < pageSize) return;
    after = page.at(-1);
  }
}

/**
 * Transfers the looks found reaching the recipient that no browser holds, each list read on its own so none pushes
 * another off: payments of a checkout of ours whose browser never claimed them (its payer restores them from the
 * paying wallet), payments of a checkout already credited to another or late below the price now (refunds to make),
 * transfers naming no checkout, and the dust below the smallest price asked (lib/payments/reporting/dust.ts).
 */
export async function unclaimedTransfers(): Promise<{
  unclaimed: Unclaimed[];
  refunds: ExtraPayment[];
  strays: RecipientTransfer[];
  dust: { newest: RecipientTransfer[]; maybeMore: boolean };
}> {
  const cluster = await serverCluster();
  const [transfers, refunds, strays, dust] = await Promise.all([
    ledger.transfersIn('unclaimed', cluster, TRANSFERS_READ),
    ledger.extraPayments(cluster, TRANSFERS_READ),
    ledger.transfersIn('stray', cluster, TRANSFERS_READ),
    ledger.transfersIn('dust', cluster, DUST_READ),
  ]);
  const paidTwice = new Set(refunds.map((refund) => refund.signature));
  const ofCheckouts = transfers.filter((transfer): transfer is Unclaimed => transfer.checkout !== undefined && !paidTwice.has(transfer.signature));
  const claimed = await Promise.all(ofCheckouts.map((transfer) => ledger.get(transfer.signature)));
  // Strays noted before they had a list of their own sit with the unclaimed ones: shown with the strays.
  const strayedBefore = transfers.filter((transfer) => transfer.checkout === undefined);
  return {
    unclaimed: ofCheckouts.filter((_, index) => !claimed[index]),
    refunds,
    strays: [...strays, ...strayedBefore].sort((a, b) => b.at - a.at).slice(0, TRANSFERS_READ),
    dust: { newest: dust, maybeMore: dust.length === DUST_READ },
  };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();
