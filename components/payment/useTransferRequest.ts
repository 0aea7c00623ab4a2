'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { requestCheckout, type CheckoutAnswer, type VerifyAnswer } from '@/lib/payments/browser/api';
import { forgetTransfer, rememberTransfer } from '@/lib/payments/browser/pending';
import { watchTransfer } from '@/lib/payments/browser/transfer-watch';

/**
 * `waiting` for the wallet, `refused` (a transfer carried the reference but did not pay it; still
 * watching for a right one), `stopped` after a long wait (until "Check again"), `unavailable` when
 * no checkout could be made.
 */
export type TransferPhase = 'starting' | 'waiting' | 'refused' | 'stopped' | 'unavailable';

/** Checkouts already shown in this page, by purchase path: reopening the dialog resumes the same one while it is payable. */
const shown = new Map<string, CheckoutAnswer>();

const payable = (checkout: CheckoutAnswer | undefined) => (checkout && Date.now() < checkout.expiresAt ? checkout : null);

/**
 * The Solana Pay side of the purchase dialog: one checkout per title for this page, and, while the
 * dialog is open, asking the server whether it has been paid. Closing the dialog (unmounting) stops.
 * `terms` are the checkout's price and cluster, as the server will check them, once it answers.
 */
export function useTransferRequest(purchasePath: string, onPaid: (answer: VerifyAnswer) => void) {
  const [checkout, setCheckout] = useState<CheckoutAnswer | null>(() => payable(shown.get(purchasePath)));
  const [phase, setPhase] = useState<TransferPhase>(() => (payable(shown.get(purchasePath)) ? 'waiting' : 'starting'));
  const [round, setRound] = useState(0);
  // The latest callback, without restarting the polling when the dialog re-renders.
  const paid = useRef(onPaid);
  useEffect(() => {
    paid.current = onPaid;
  }, [onPaid]);

  // A checkout is made when the dialog starts, its request expires, or "Try again" asks: never on its own after a refusal.
  const starting = phase === 'starting';
  useEffect(() => {
    if (checkout || !starting) return;
    let cancelled = false;
    requestCheckout(purchasePath).then(
      (answer) => {
        shown.set(purchasePath, answer);
        rememberTransfer({ checkout: answer.checkout, path: purchasePath, savedAt: Date.now() });
        if (cancelled) return;
        setCheckout(answer);
        setPhase('waiting');
      },
      (error: unknown) => {
        console.error('[solana-pay] no checkout', error);
        if (!cancelled) setPhase('unavailable');
      },
    );
    return () => {
      cancelled = true;
    };
  }, [checkout, starting, purchasePath, round]);

  // An expired request is never left drawn as payable: a fresh checkout replaces it when it runs out. The old one
  // stays remembered (browser/pending.ts), so a payment of it that still lands is finished on a later load.
  useEffect(() => {
    if (!checkout) return;
    const timer = window.setTimeout(
      () => {
        shown.delete(purchasePath);
        setPhase('starting');
        setCheckout(null);
      },
      Math.max(0, checkout.expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [checkout, purchasePath]);

  useEffect(() => {
    if (!checkout) return;
    // A shown checkout is still payable, so made minutes ago: its age decides nothing here.
    return watchTransfer(checkout.checkout, Date.now(), {
      paid: (answer) => {
        shown.delete(purchasePath);
        paid.current(answer);
      },
      phase: setPhase,
      refused: () => {
        shown.delete(purchasePath);
        setPhase('unavailable');
        // "Try again" then makes a new checkout, never re-asks about this one.
        setCheckout(null);
      },
    });
  }, [checkout, purchasePath, round]);

  /** After a long wait or a failed start: look again (and keep looking for another while). */
  const checkAgain = useCallback(() => {
    setPhase(checkout ? 'waiting' : 'starting');
    setRound((n) => n + 1);
  }, [checkout]);

  /** Paid another way (Phantom): nothing left to watch for, now or on later loads. */
  const settled = useCallback(() => {
    shown.delete(purchasePath);
    if (checkout) forgetTransfer(checkout.checkout);
  }, [checkout, purchasePath]);

  const terms = checkout && { price: checkout.price, network: checkout.network };
  return { request: checkout && { ...checkout.solanaPay, expiresAt: checkout.expiresAt }, terms, phase, checkAgain, settled };
}
