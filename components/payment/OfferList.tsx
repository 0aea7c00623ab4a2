import { NOT_FOR_SALE, offerLine, type ShownOffer } from '@/lib/payments/checkout/offer-words';
import styles from './OfferList.module.css';

/**
 * A locked title's ways to pay on its page, before any click: each with its price and what it opens (a season pass,
 * the whole series, a rental's length), as the checkout will charge it; or that it is not for sale. Plain markup,
 * hidden once this browser owns the title (`data-offers`, DetailHeader.module.css).
 */
export function OfferList({ offers }: { offers: readonly ShownOffer[] }) {
  if (offers.length === 0) return <p className={styles.notForSale}>{NOT_FOR_SALE}</p>;
  return (
    <ul className={styles.offers} aria-label="Ways to pay" data-offers>
      {offers.map((offer) => (
        <li key={`${offer.kind} ${offer.path}`} className={styles.offer}>
          <span className={styles.line}>{offerLine(offer)}</span>
          <span className={styles.covers}>{offer.covers}</span>
        </li>
      ))}
    </ul>
  );
}
