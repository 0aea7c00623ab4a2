import { paidCount } from '@/lib/figures/daily';
import { releaseDay, timeLeft } from '@/lib/catalog/release';
import type { Preorder } from '@/lib/studio/preorders';
import { studioHref } from '@/lib/routes';
import type { StudioRange } from '@/lib/studio/range';
import { amountIn, count } from './format';
import styles from './studio.module.css';

/** Titles sold before their release: how many pre-orders the range took, what they brought in, and when each plays. */
export function PreorderTable({ preorders, range, now }: { preorders: Preorder[]; range: StudioRange; now: number }) {
  if (preorders.length === 0) return <p className={styles.empty}>No pre-orders in this range: no title sold here is waiting for its release date.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="preorders">
        <caption>Pre-orders by title</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Releases</th>
            <th scope="col">Pre-orders</th>
            <th scope="col">SOL</th>
            <th scope="col">USDC</th>
          </tr>
        </thead>
        <tbody>
          {preorders.map(({ path, name, figures, releaseDate }) => (
            <tr key={path} data-preorder={path}>
              <th scope="row" className={styles.text}>
                <a href={studioHref(range, { title: path })}>{name}</a>
                <span className={styles.path}>{path}</span>
              </th>
              <td>
                <time dateTime={releaseDate}>{releaseDay(releaseDate)}</time> ({timeLeft(releaseDate, now)})
              </td>
              <td>{count(paidCount(figures))}</td>
              <td>{amountIn(figures, 'SOL')}</td>
              <td>{amountIn(figures, 'USDC')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
