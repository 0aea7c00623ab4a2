import { IntentLink } from '../ui/IntentLink';
import { formatAmount } from '@/lib/catalog/pricing';
import type { GivenGift } from '@/lib/payments/gifts/gift-claim';
import { pageOfDocument, receiptRoute } from '@/lib/routes';
import { formatUtc } from './dates';
import styles from './ReceiptList.module.css';

/** The gifts this browser bought, newest first: an unclaimed one with its link to send, a claimed one as claimed. */
export function GiftList({ gifts }: { gifts: GivenGift[] }) {
  return (
    <ul className={styles.list} data-testid="gift-list">
      {gifts.map((gift) => (
        <li key={gift.signature} className={styles.gift}>
          <h3 className={styles.title}>
            <IntentLink href={pageOfDocument(gift.path)}>{gift.title}</IntentLink>
          </h3>
          <dl className={styles.facts}>
            <div>
              <dt>Price</dt>
              <dd>{formatAmount(gift.price)} · a gift</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>
                <time dateTime={gift.at}>{formatUtc(gift.at)}</time>
              </dd>
            </div>
            <div>
              <dt>Link</dt>
              <dd data-testid="gift-state">
                {gift.claimedAt ? (
                  `Claimed ${formatUtc(gift.claimedAt)}`
                ) : gift.link ? (
                  <code className={styles.giftLink}>{gift.link}</code>
                ) : (
                  'Made with a signing key since retired: the site can no longer show it'
                )}
              </dd>
            </div>
          </dl>
          <IntentLink href={receiptRoute(gift.signature)} className={styles.receiptLink}>
            Receipt<span className="visually-hidden"> for the gift of {gift.title}</span>
          </IntentLink>
        </li>
      ))}
    </ul>
  );
}
