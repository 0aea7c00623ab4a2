'use client';

import { SolanaIcon } from '../ui/icons';
import button from '../ui/button.module.css';
import { usePurchases, type PurchaseRequest } from './PurchasesContext';

/** The buy control of a locked title: opens the purchase dialog (loaded on this first click). */
export function PayWithSolanaButton({ purchasePath, title, playPath }: PurchaseRequest) {
  const { openPurchase } = usePurchases();
  return (
    <button
      type="button"
      className={`${button.button} ${button.solana} ${button.small}`}
      aria-haspopup="dialog"
      data-purchase-path={purchasePath}
      data-opener={`pay:${playPath ?? purchasePath}`}
      onClick={(event) => openPurchase({ purchasePath, title, playPath }, event.currentTarget)}
    >
      <SolanaIcon />
      Pay with Solana<span className="visually-hidden">: unlock {title}</span>
    </button>
  );
}
