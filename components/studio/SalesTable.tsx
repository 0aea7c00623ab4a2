import { formatAmount, formatHours } from '@/lib/catalog/pricing';
import { explorerTransactionUrl, type Explorer } from '@/lib/payments/reporting/explorer';
import { shortAddress } from '@/lib/payments/display';
import { saleKindOf } from '@/lib/payments/reporting/sale-kind';
import type { Sale } from '@/lib/studio/report';
import { utcTime } from './format';
import styles from './studio.module.css';

const KIND_NAMES = { purchase: 'Purchase', pass: 'Pass', rental: 'Rental' } as const;

/** Sales, newest first, each with the transaction that paid it on Solana Explorer. */
export function SalesTable({ sales, explorer }: { sales: Sale[]; explorer: Explorer }) {
  if (sales.length === 0) return <p className={styles.empty}>No sales in this range.</p>;
  return (
    <div className={styles.scroll}>
      <table className={styles.table} data-table="sales">
        <caption>Sales, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col" className={styles.text}>
              Title
            </th>
            <th scope="col" className={styles.text}>
              Sale
            </th>
            <th scope="col">Amount</th>
            <th scope="col" className={styles.text}>
              Paying wallet
            </th>
            <th scope="col" className={styles.text}>
              Transaction
            </th>
          </tr>
        </thead>
        <tbody>
          {sales.map((sale) => (
            <tr key={sale.signature} data-signature={sale.signature}>
              <td>
                <time dateTime={sale.verifiedAt}>{utcTime(Date.parse(sale.verifiedAt))}</time>
              </td>
              <td className={styles.text}>
                {sale.name}
                <span className={styles.path}>{sale.path}</span>
              </td>
              <td className={styles.text}>
                {KIND_NAMES[saleKindOf(sale)]}
                {sale.hours !== undefined && ` · ${formatHours(sale.hours)}`}
                {sale.gift && ' · gift'}
                {sale.code !== undefined && ` · code ${sale.code}`}
              </td>
              <td>{formatAmount(sale.price)}</td>
              <td className={styles.text} title={sale.wallet}>
                {shortAddress(sale.wallet)}
              </td>
              <td className={styles.text}>
                <TransactionLink signature={sale.signature} explorer={explorer} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function TransactionLink({ signature, explorer }: { signature: string; explorer: Explorer }) {
  return (
    <a href={explorerTransactionUrl(signature, explorer)} target="_blank" rel="noopener noreferrer" title={signature}>
      {shortAddress(signature)}
      <span className="visually-hidden"> on Solana Explorer (opens in a new tab)</span>
    </a>
  );
}
