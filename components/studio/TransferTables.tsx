import type { Explorer } from '@/lib/payments/reporting/explorer';
import { formatAmount } from '@/lib/catalog/pricing';
import { shortAddress } from '@/lib/payments/display';
import type { ExtraPayment, RecipientTransfer } from '@/lib/payments/ledger/ledger';
import type { Unclaimed } from '@/lib/studio/report';
import { age } from './format';
import { TransactionLink } from './SalesTable';
import styles from './studio.module.css';

interface Props<T> {
  transfers: T[];
  explorer: Explorer;
  now: number;
}

/** Payments of a checkout of ours that no browser claimed: the title, what was paid, by whom, and how long it has waited. */
export function UnclaimedTable({ transfers, explorer, now }: Props<Unclaimed>) {
  if (transfers.length === 0) return <p className={styles.empty}>Every payment the looks found has been claimed.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="unclaimed">
        <caption>Paid but not claimed</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Amount</th>
            <th scope="col" className={styles.text}>
              Payer
            </th>
            <th scope="col">Waiting</th>
            <th scope="col" className={styles.text}>
              Transaction
            </th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.signature} data-signature={transfer.signature}>
              <td>
                {transfer.checkout.title}
                <span className={styles.path}>{transfer.checkout.path}</span>
              </td>
              <td>{formatAmount(transfer.amount)}</td>
              <td className={styles.text} title={transfer.payer}>
                {shortAddress(transfer.payer)}
              </td>
              <td>{age(transfer.at, now)}</td>
              <td className={styles.text}>
                <TransactionLink signature={transfer.signature} explorer={explorer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Transfers to the recipient naming no checkout of ours: a tip, a refund sent back, a payment made outside the site. */
export function StrayTable({ transfers, explorer, now }: Props<RecipientTransfer>) {
  if (transfers.length === 0) return <p className={styles.empty}>No other transfers found.</p>;
  return <TransferList name="strays" caption="Transfers with no checkout of ours" transfers={transfers} explorer={explorer} now={now} />;
}

/** Dust, folded: transfers below the smallest price asked, kept apart so they never hide a payment someone meant. */
export function DustList({ transfers, explorer, now, maybeMore }: Props<RecipientTransfer> & { maybeMore: boolean }) {
  if (transfers.length === 0) return null;
  const count = maybeMore ? `The newest ${transfers.length}` : `${transfers.length}`;
  return (
    <details className={styles.dust}>
      <summary>
        {count} {transfers.length === 1 ? 'transfer' : 'transfers'} below the smallest price asked (dust)
      </summary>
      <TransferList name="dust" caption="Transfers below the smallest price a checkout asks" transfers={transfers} explorer={explorer} now={now} />
    </details>
  );
}

function TransferList({ name, caption, transfers, explorer, now }: Props<RecipientTransfer> & { name: string; caption: string }) {
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table={name}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Amount</th>
            <th scope="col" className={styles.text}>
              From
            </th>
            <th scope="col">Age</th>
            <th scope="col" className={styles.text}>
              Transaction
            </th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.signature} data-signature={transfer.signature}>
              <td>{formatAmount(transfer.amount)}</td>
              <td className={styles.text} title={transfer.payer}>
                {shortAddress(transfer.payer)}
              </td>
              <td>{age(transfer.at, now)}</td>
              <td className={styles.text}>
                <TransactionLink signature={transfer.signature} explorer={explorer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Payments that bought nothing: a checkout's second one, or one made after it closed below the price now. Refund each to its payer. */
export function RefundTable({ transfers, explorer, now }: Props<ExtraPayment>) {
  if (transfers.length === 0) return <p className={styles.empty}>Nothing to refund: no checkout was paid twice, nor late below its price.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="refunds">
        <caption>To refund</caption>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col">Refund</th>
            <th scope="col" className={styles.text}>
              To
            </th>
            <th scope="col">Age</th>
            <th scope="col" className={styles.text}>
              Payment
            </th>
            <th scope="col" className={styles.text}>
              Why
            </th>
          </tr>
        </thead>
        <tbody>
          {transfers.map((transfer) => (
            <tr key={transfer.signature} data-signature={transfer.signature} data-credited={transfer.credited}>
              <td>
                {transfer.checkout.title}
                <span className={styles.path}>{transfer.checkout.path}</span>
              </td>
              <td>{formatAmount(transfer.amount)}</td>
              <td className={styles.text} title={transfer.payer}>
                {shortAddress(transfer.payer)}
              </td>
              <td>{age(transfer.at, now)}</td>
              <td className={styles.text}>
                <TransactionLink signature={transfer.signature} explorer={explorer} />
              </td>
              <td className={styles.text}>
                <RefundReason transfer={transfer} explorer={explorer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RefundReason({ transfer, explorer }: { transfer: ExtraPayment; explorer: Props<ExtraPayment>['explorer'] }) {
  if (transfer.credited) {
    return (
      <>
        Paid twice; credited to <TransactionLink signature={transfer.credited} explorer={explorer} />
      </>
    );
  }
  return transfer.priceNow
    ? `Paid after its checkout closed; it costs ${formatAmount(transfer.priceNow)} now`
    : 'Paid after its checkout closed; no longer sold so';
}
