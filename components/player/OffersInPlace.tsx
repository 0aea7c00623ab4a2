'use client';

import { offerLine, type ShownOffer } from '@/lib/payments/checkout/offer-words';
import button from '../ui/button.module.css';
import styles from './VideoPlayer.module.css';

/**
 * A locked video's ways to pay, over the player where it stopped (a rental that ended, a free preview at its end), and
 * the button that opens its purchase. Plain markup: the purchase dialog and any wallet code load with that click.
 */
export function OffersInPlace({ offers, open, label }: { offers: readonly ShownOffer[]; open: () => void; label: string }) {
  if (offers.length === 0) return null;
  return (
    <>
      <ul className={styles.offers}>
        {offers.map((offer) => (
          <li key={`${offer.kind} ${offer.path}`}>{offerLine(offer)}</li>
        ))}
      </ul>
      <button type="button" className={`${button.button} ${button.solana}`} onClick={open}>
        {label}
      </button>
    </>
  );
}

/** What a purchase button says: renting is named where it is offered. */
export const buyLabel = (offers: readonly ShownOffer[], again = false) =>
  offers.some((offer) => offer.kind === 'rent') ? (again ? 'Rent again or buy' : 'Rent or buy') : 'Buy it';
