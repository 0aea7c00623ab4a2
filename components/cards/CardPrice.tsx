import type { Offer } from '@/lib/payments/checkout/offers';
import { priceSummary } from '@/lib/payments/checkout/offer-words';
import styles from './CardPrice.module.css';

/**
 * A locked card's price as the checkout charges it ("From …" where it is sold several ways), or that it is not for
 * sale. Plain markup, no client code (nor class names in it); hidden once this browser owns the title (`data-price`, cards.module.css).
 */
export function CardPrice({ offers }: { offers: readonly Offer[] }) {
  return (
    <p className={offers.length > 0 ? styles.price : `${styles.price} ${styles.notForSale}`} data-price>
      {priceSummary(offers)}
    </p>
  );
}
