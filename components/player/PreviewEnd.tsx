'use client';

import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { buyLabel, OffersInPlace } from './OffersInPlace';
import styles from './VideoPlayer.module.css';

/** Over the last frame of a free preview: the title's ways to pay, where the viewer is. */
export function PreviewEnd({ offers, onBuy }: { offers: readonly ShownOffer[]; onBuy: () => void }) {
  return (
    <div className={styles.overlay} role="group" aria-label="The preview has ended">
      <p>The free preview has ended.</p>
      <OffersInPlace offers={offers} open={onBuy} label={buyLabel(offers)} />
    </div>
  );
}
