import { CoverImage } from '../cards/CoverImage';
import { IntentLink } from '../ui/IntentLink';
import { explorerTransactionUrl, type Explorer } from '@/lib/payments/reporting/explorer';
import { formatAmount } from '@/lib/catalog/pricing';
import { shortAddress } from '@/lib/payments/display';
import type { Receipt } from '@/lib/payments/ownership/receipts';
import { pageOfDocument, receiptRoute } from '@/lib/routes';
import { boughtAs } from './boughtAs';
import { formatUtc } from './dates';
import styles from './ReceiptList.module.css';

/** What this browser owns, newest first: cover, title (to its page), price, date, the transaction on Explorer, and its printable receipt. */
export function ReceiptList({ receipts, explorer }: { receipts: Receipt[]; explorer: Explorer }) {
  return (
    <ul className={styles.list}>
      {receipts.map((receipt) => (
        <li key={receipt.path} className={styles.receipt}>
          <div className={styles.cover}>
            <CoverImage src={receipt.coverimg} alt="" sizes="(max-width: 479px) 100vw, 120px" />
          </div>
          <div className={styles.details}>
            <h2 className={styles.title}>
              <IntentLink href={pageOfDocument(receipt.path)}>{receipt.title}</IntentLink>
            </h2>
            <dl className={styles.facts}>
              <div>
                <dt>Price</dt>
                <dd>
                  {receipt.payment
                    ? `${formatAmount(receipt.payment.price)} · ${boughtAs(receipt.path, receipt.payment)}`
                    : receipt.gift
                      ? 'A gift'
                      : 'Paid before receipts were kept'}
                </dd>
              </div>
              <div>
                <dt>Date</dt>
                <dd>
                  <time dateTime={receipt.at}>{formatUtc(receipt.at)}</time>
                </dd>
              </div>
              {receipt.payment && (
                <div>
                  <dt>Transaction</dt>
                  <dd>
                    <a
                      href={explorerTransactionUrl(receipt.payment.signature, explorer)}
                      target="_blank"
                      rel="noopener noreferrer"
                      title={receipt.payment.signature}
                    >
                      {shortAddress(receipt.payment.signature)}
                      <span className="visually-hidden"> on Solana Explorer (opens in a new tab)</span>
                    </a>
                  </dd>
                </div>
              )}
            </dl>
            {receipt.payment && (
              <IntentLink href={receiptRoute(receipt.payment.signature)} className={styles.receiptLink}>
                Receipt<span className="visually-hidden"> for {receipt.title}</span>
              </IntentLink>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
