import { formatAmount } from '@/lib/catalog/pricing';
import { explorerTransactionUrl, type Explorer } from '@/lib/payments/reporting/explorer';
import type { PaymentReceipt } from '@/lib/payments/ownership/receipts';
import { pageOfDocument, routes } from '@/lib/routes';
import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';
import { boughtAs } from './boughtAs';
import { formatUtc } from './dates';
import { PrintButton } from './PrintButton';
import styles from './ReceiptSheet.module.css';

/** A rental's window in words: from its first play, or by when that must come. */
function rentalTimes({ startedAt, endsAt }: NonNullable<PaymentReceipt['rental']>): string {
  if (startedAt === null) return `Starts at its first play, which must come by ${formatUtc(endsAt)}`;
  return `Started ${formatUtc(startedAt)}; plays until ${formatUtc(endsAt)}`;
}

/**
 * One payment's receipt, to read and to print: the title, what was bought (to keep, or rented and until when), the
 * amount in its currency, the date, the paying wallet and the transaction on Solana Explorer. Drawn on the server for
 * the one browser that holds what it paid for.
 */
export function ReceiptSheet({ receipt, explorer }: { receipt: PaymentReceipt; explorer: Explorer }) {
  const { payment } = receipt;
  return (
    <article className={styles.sheet} aria-labelledby="receipt-title">
      <header className={styles.heading}>
        <p className={styles.brand}>Solenema · Receipt</p>
        <h1 id="receipt-title" className={styles.title}>
          <IntentLink href={pageOfDocument(receipt.path)}>{receipt.title}</IntentLink>
        </h1>
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>Bought</dt>
          <dd>{boughtAs(receipt.path, payment)}</dd>
        </div>
        {receipt.rental && (
          <div>
            <dt>Rental</dt>
            <dd>{rentalTimes(receipt.rental)}</dd>
          </div>
        )}
        <div>
          <dt>Amount</dt>
          <dd className={styles.amount} data-testid="receipt-amount">
            {formatAmount(payment.price)}
          </dd>
        </div>
        <div>
          <dt>Date</dt>
          <dd>
            <time dateTime={receipt.at}>{formatUtc(receipt.at)}</time>
          </dd>
        </div>
        <div>
          <dt>Paid from</dt>
          <dd className={styles.address} data-testid="receipt-wallet">
            {payment.wallet}
          </dd>
        </div>
        <div>
          <dt>Transaction</dt>
          <dd className={styles.address}>
            <a href={explorerTransactionUrl(payment.signature, explorer)} target="_blank" rel="noopener noreferrer">
              {payment.signature}
              <span className="visually-hidden"> on Solana Explorer (opens in a new tab)</span>
            </a>
          </dd>
        </div>
      </dl>
      <p className={styles.note}>Paid on Solana to Solenema. The transaction is the proof of payment: anyone can look it up on Solana Explorer.</p>
      <div className={styles.actions}>
        <PrintButton />
        <IntentLink href={routes.purchases} className={`${button.button} ${button.ghost}`}>
          My purchases
        </IntentLink>
      </div>
    </article>
  );
}
