import { formatAmount } from '@/lib/catalog/pricing';
import { addInto, amountsOf, paidCount, type TitleDay } from '@/lib/figures/daily';
import type { StudioReport } from '@/lib/studio/report';
import { amountIn, count, dayName } from './format';
import { studioHref } from './links';
import styles from './studio.module.css';

/** The range at a glance: sales, what they brought in per currency, and the watching. */
export function Totals({ totals }: { totals: TitleDay }) {
  const amounts = amountsOf(totals);
  return (
    <dl className={styles.totals} aria-label="Totals">
      <Total label="Sales" value={count(paidCount(totals))} id="sales" />
      {amounts.length === 0 ? (
        <Total label="Revenue" value="—" id="revenue" />
      ) : (
        amounts.map((amount) => (
          <Total key={amount.currency} label={`Revenue in ${amount.currency}`} value={formatAmount(amount)} id={`revenue-${amount.currency}`} />
        ))
      )}
      <Total label="Rentals" value={count(totals.rentals)} id="rentals" />
      <Total label="Plays" value={count(totals.plays)} id="plays" />
      <Total label="Completions" value={count(totals.completions)} id="completions" />
    </dl>
  );
}

function Total({ label, value, id }: { label: string; value: string; id: string }) {
  return (
    <div className={styles.total} data-total={id}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

const SALE_HEADS = ['Purchases', 'Passes', 'Rentals', 'SOL', 'USDC'];

const saleCells = (figures: TitleDay) => [
  count(figures.purchases),
  count(figures.passes),
  count(figures.rentals),
  amountIn(figures, 'SOL'),
  amountIn(figures, 'USDC'),
];

/** Day by day, newest first: every title together, or the one title the operator picked. */
export function DayTable({ report, title }: { report: StudioReport; title?: { path: string; name: string } }) {
  const heads = [...SALE_HEADS, 'Plays', 'Completions'];
  const rows = report.days.toReversed();
  const total = rows.reduce<TitleDay>((sum, { figures }) => addInto(sum, figures), {});
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="days">
        <caption>{title ? `Figures of ${title.name} by day` : 'Figures by day'}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ day, figures }) => (
            <tr key={day} data-day={day}>
              <th scope="row">
                <time dateTime={day}>{dayName(day)}</time>
              </th>
              {[...saleCells(figures), count(figures.plays), count(figures.completions)].map((cell, index) => (
                <td key={heads[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr data-day="total">
            <th scope="row">Total</th>
            {[...saleCells(total), count(total.plays), count(total.completions)].map((cell, index) => (
              <td key={heads[index]}>{cell}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** Title by title: the funnel (pay dialogs → checkouts → paid → played), the sales and the watching. */
export function TitleTable({ report }: { report: StudioReport }) {
  const heads = ['Pay dialogs', 'Checkouts', 'Paid', 'Played', ...SALE_HEADS, 'Completions'];
  if (report.titles.length === 0) return <p className={styles.empty}>Nothing sold or watched in this range yet.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="titles">
        <caption>Figures by title</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            {heads.map((head) => (
              <th key={head} scope="col">
                {head}
              </th>
            ))}
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
                <td key={heads[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
