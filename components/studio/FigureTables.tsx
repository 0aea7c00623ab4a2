import { formatAmount } from '@/lib/catalog/pricing';
import { addInto, amountsOf, paidCount, SOURCE_OF, type FigureSource, type Metric, type TitleDay } from '@/lib/figures/daily';
import type { StudioReport } from '@/lib/studio/report';
import { amountIn, count, dayName } from './format';
import { studioHref } from '@/lib/routes';
import styles from './studio.module.css';

/** How each figure says where it comes from: the chain's payments, or what browsers report (lib/figures). */
const SOURCE_WORDS: Record<FigureSource, { total: string; head: string }> = {
  chain: { total: 'Verified on chain', head: 'chain' },
  browsers: { total: 'Reported by browsers', head: 'browsers' },
};

/** The range at a glance: sales, what they brought in per currency, and the watching. */
export function Totals({ totals }: { totals: TitleDay }) {
  const amounts = amountsOf(totals);
  return (
    <dl className={styles.totals} aria-label="Totals">
      <Total label="Sales" value={count(paidCount(totals))} id="sales" source="chain" />
      {amounts.length === 0 ? (
        <Total label="Revenue" value="—" id="revenue" source="chain" />
      ) : (
        amounts.map((amount) => (
          <Total key={amount.currency} label={`Revenue in ${amount.currency}`} value={formatAmount(amount)} id={`revenue-${amount.currency}`} source="chain" />
        ))
      )}
      <Total label="Rentals" value={count(totals.rentals)} id="rentals" source="chain" />
      <Total label="Plays" value={count(totals.plays)} id="plays" source="browsers" />
      <Total label="Completions" value={count(totals.completions)} id="completions" source="browsers" />
    </dl>
  );
}

function Total({ label, value, id, source }: { label: string; value: string; id: string; source: FigureSource }) {
  return (
    <div className={styles.total} data-total={id} data-source={source}>
      <dt>
        {label}
        <span className={styles.source}>{SOURCE_WORDS[source].total}</span>
      </dt>
      <dd>{value}</dd>
    </div>
  );
}

/** A column: its head, and the metric whose source it names. */
type Column = { head: string; metric: Metric | 'amounts' };

/** The head of a column with where its figures come from beneath it. */
function Heads({ columns }: { columns: Column[] }) {
  return columns.map(({ head, metric }) => (
    <th key={head} scope="col" data-source={SOURCE_OF[metric]}>
      {head}
      <span className={styles.source}>{SOURCE_WORDS[SOURCE_OF[metric]].head}</span>
    </th>
  ));
}

const SALE_COLUMNS: Column[] = [
  { head: 'Purchases', metric: 'purchases' },
  { head: 'Passes', metric: 'passes' },
  { head: 'Rentals', metric: 'rentals' },
  { head: 'Of them in a Blink', metric: 'blinkSales' },
  { head: 'SOL', metric: 'amounts' },
  { head: 'USDC', metric: 'amounts' },
];
const WATCHING_COLUMNS: Column[] = [
  { head: 'Plays', metric: 'plays' },
  { head: 'Completions', metric: 'completions' },
];

const saleCells = (figures: TitleDay) => [
  count(figures.purchases),
  count(figures.passes),
  count(figures.rentals),
  count(figures.blinkSales),
  amountIn(figures, 'SOL'),
  amountIn(figures, 'USDC'),
];

/** Day by day, newest first: every title together, or the one title the operator picked. */
export function DayTable({ report, title }: { report: StudioReport; title?: { path: string; name: string } }) {
  const columns = [...SALE_COLUMNS, ...WATCHING_COLUMNS];
  const rows = report.days.toReversed();
  const total = rows.reduce<TitleDay>((sum, { figures }) => addInto(sum, figures), {});
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="days">
        <caption>{title ? `Figures of ${title.name} by day` : 'Figures by day'}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <Heads columns={columns} />
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, figures }) => (
            <tr key={day} data-day={day}>
              <th scope="row">
                <time dateTime={day}>{dayName(day)}</time>
              </th>
              {[...saleCells(figures), count(figures.plays), count(figures.completions)].map((cell, index) => (
                <td key={columns[index]!.head}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-day="total">
            <th scope="row">Total</th>
            {[...saleCells(total), count(total.plays), count(total.completions)].map((cell, index) => (
              <td key={columns[index]!.head}>{cell}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Title by title: the funnel (pay dialogs → checkouts → paid → played), the sales and the watching. */
export function TitleTable({ report }: { report: StudioReport }) {
  const columns: Column[] = [
    { head: 'Pay dialogs', metric: 'dialogs' },
    { head: 'Checkouts', metric: 'checkouts' },
    { head: 'Paid', metric: 'purchases' },
    { head: 'Played', metric: 'plays' },
    ...SALE_COLUMNS,
    { head: 'Completions', metric: 'completions' },
  ];
  if (report.titles.length === 0) return <p className={styles.empty}>Nothing sold or watched in this range yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="titles">
        <caption>Figures by title</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <Heads columns={columns} />
          </tr>
        </thead>
        <tbody>
          {report.titles.map(({ path, name, figures }) => (
            <tr key={path} data-title={path}>
              <th scope="row" className={styles.text}>
                <a href={studioHref(report.range, { title: path })}>{name}</a>
                <span className={styles.path}>{path}</span>
              </th>
              {[
                count(figures.dialogs),
                count(figures.checkouts),
                count(paidCount(figures)),
                count(figures.plays),
                ...saleCells(figures),
                count(figures.completions),
              ].map((cell, index) => (
                <td key={columns[index]!.head}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
