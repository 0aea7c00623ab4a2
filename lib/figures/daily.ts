import type { Amount } from '../catalog/pricing';

/**
 * What the studio counts per title and per day: the funnel (pay dialogs opened, checkouts started, sales) and the
 * watching (plays started and completed, one per browser, title and day). Sales are split by kind: a movie or an
 * episode bought, a pass (a series, season or short film bought whole), a rental; and, of them all, those made in a
 * Blink (`blinkSales`: a post a Blink client unfurled; the rest were made on the site).
 */
const METRICS = ['dialogs', 'checkouts', 'purchases', 'passes', 'rentals', 'blinkSales', 'plays', 'completions'] as const;
export type Metric = (typeof METRICS)[number];

/**
 * Browsers of one address that count toward one title's figure of a day: a household's or an office's screens.
 * Cookies are free, so without this a script holding a hundred of them would count a hundred plays.
 */
export const BROWSERS_COUNTED_PER_ADDRESS = 10;

/** Where a figure comes from: payments verified on the chain, or what visitors' browsers report (counted once each). */
export type FigureSource = 'chain' | 'browsers';
export const SOURCE_OF: Record<Metric | 'amounts', FigureSource> = {
  dialogs: 'browsers',
  checkouts: 'browsers',
  plays: 'browsers',
  completions: 'browsers',
  purchases: 'chain',
  passes: 'chain',
  rentals: 'chain',
  blinkSales: 'chain',
  amounts: 'chain',
};

/** One title's figures of one day, and what its sales brought in, per currency (smallest units). */
export type TitleDay = Partial<Record<Metric, number>> & { amounts?: Partial<Record<Amount['currency'], number>> };

/** A day's figures, by title (its tree: `series/x` for the series, its seasons and episodes). */
export type DayFigures = Record<string, TitleDay>;

/** A UTC day as the figures are filed: `2026-11-28`. */
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC days from `from` to `to`, both included, in order. */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += 86_400_000) days.push(dayOf(ms));
  return days;
}

/** Adds one title-day's figures into another. */
export function addInto(into: TitleDay, add: TitleDay): TitleDay {
  for (const metric of METRICS) if (add[metric]) into[metric] = (into[metric] ?? 0) + add[metric];
  for (const [currency, units] of Object.entries(add.amounts ?? {}) as [Amount['currency'], number][]) {
    into.amounts = { ...into.amounts, [currency]: (into.amounts?.[currency] ?? 0) + units };
  }
  return into;
}

/**
 * Where the figures are kept: written when a sale or a play is recorded (a bounded number of writes each), read as
 * about one document a day whatever the number of sales, plays and titles (Firestore: lib/figures/day-shards.ts).
 */
export interface FiguresStore {
  /** Adds to a title's figures of `day`. */
  add(day: string, title: string, figures: TitleDay): Promise<void>;
  /** True the first time `key` is marked (a browser's play of a title on a day), false after: counted once. */
  markOnce(key: string, day: string): Promise<boolean>;
  /** The figures of each day from `from` to `to` that has any. */
  days(from: string, to: string, today: string): Promise<Map<string, DayFigures>>;
}

/** Sales of every kind: purchases, passes and rentals. */
export const paidCount = (figures: TitleDay) => (figures.purchases ?? 0) + (figures.passes ?? 0) + (figures.rentals ?? 0);

/** What was brought in, per currency, in a fixed order. */
export const amountsOf = (figures: TitleDay): Amount[] =>
  (['SOL', 'USDC'] as const).flatMap((currency) => (figures.amounts?.[currency] ? [{ currency, units: figures.amounts[currency] }] : []));
