'use client';

import { SolanaIcon } from '../ui/icons';
import button from '../ui/button.module.css';
import { usePurchases, type PurchaseRequest } from './PurchasesContext';

/** The buy control of a locked title: opens the purchase dialog (loaded on this first click) with the title's offers. */
export function PayWithSolanaButton(request: PurchaseRequest) {
  const { openPurchase } = usePurchases();
  const { purchasePath, title, playPath } = request;
  return (
    <button
      type="button"
      className={`${button.button} ${button.solana} ${button.small}`}
      aria-haspopup="dialog"
      data-opener={`pay:${playPath ?? purchasePath}`}
      onClick={(event) => openPurchase(request, event.currentTarget)}
    >
      <SolanaIcon />
      {/* Inline, not offer-words' isPreorder: that module would ride into every page's first load. */}
      {request.offers.some((offer) => offer.releases) ? 'Pre-order' : 'Pay'} with Solana<span className="visually-hidden">: unlock {title}</span>
    </button>
  );
}
