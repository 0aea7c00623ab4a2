'use client';

import { useId } from 'react';
import { formatAmount } from '@/lib/catalog/pricing';
import { offerName, type ShownOffer } from '@/lib/payments/checkout/offer-words';
import styles from './PurchaseDialog.module.css';

type Props = {
  offers: readonly ShownOffer[];
  chosen: number;
  onChoose: (index: number) => void;
  /** While a payment is under way: the offer it pays stays chosen. */
  disabled: boolean;
};

/** The ways to pay for a title, as radio buttons: each named with its price (its accessible name) and described by what it opens. */
export function OfferChoice({ offers, chosen, onChoose, disabled }: Props) {
  const id = useId();
  return (
    <fieldset className={styles.choices} disabled={disabled}>
      <legend className={styles.legend}>Choose how to pay</legend>
      {offers.map((offer, index) => (
        <label key={`${offer.kind} ${offer.path}`} className={styles.choice}>
          <input
            type="radio"
            name={id}
            checked={index === chosen}
            onChange={() => onChoose(index)}
            aria-labelledby={`${id}-name-${index}`}
            aria-describedby={`${id}-covers-${index}`}
          />
          <span id={`${id}-name-${index}`} className={styles.choiceName}>
            {offerName(offer)} <span className={styles.choicePrice}>{formatAmount(offer.price)}</span>
          </span>
          <span id={`${id}-covers-${index}`} className={styles.choiceCovers}>
            {offer.covers}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
