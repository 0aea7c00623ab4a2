'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import type { Offer } from '@/lib/payments/checkout/offers';
import { PaymentApiError, requestCheckout, type CheckoutAnswer, type VerifyAnswer } from '@/lib/payments/browser/api';
import { forgetTransfer, rememberTransfer } from '@/lib/payments/browser/pending';
import { watchTransfer } from '@/lib/payments/browser/transfer-watch';

/**
 * `waiting` for the wallet, `refused` (a transfer carried the reference but did not pay it; still
 * watching for a right one), `stopped` after a long wait (until "Check again"), `unavailable` when
 * no checkout could be made.
 */
export type TransferPhase = 'starting' | 'waiting' | 'refused' | 'stopped' | 'unavailable';

/** Checkouts already shown in this page, by offer (kind and path): reopening the dialog, or choosing an offer again, resumes the same one while it is payable. */
const shown = new Map<string, CheckoutAnswer>();

const payable = (checkout: CheckoutAnswer | undefined) => (checkout && Date.now() < checkout.expiresAt ? checkout : null);
/** An offer as the dialog checks it out: at a studio code's price (its checkout is its own), for this browser or as a gift. */
type CheckedOut = Pick<Offer, 'kind' | 'path'> & { code?: string; gift?: boolean };
const offerKey = ({ kind, path, code, gift }: CheckedOut) => `${kind} ${path} ${code ?? ''}${gift ? ' gift' : ''}`;

/** What the dialog shows for one offer: its checkout, once there is one, and where it stands. */
interface Shown {
  key: string;
  checkout: CheckoutAnswer | null;
  phase: TransferPhase;
  /** Why no checkout could be made, when the server said why (the store paused while its setup is corrected). */
  reason?: string;
}

/** An offer's request as the dialog opens on it: the one this page showed, while payable, or a fresh one to make. */
function showing(key: string): Shown {
  const resumed = payable(shown.get(key));
  return { key, checkout: resumed, phase: resumed ? 'waiting' : 'starting' };
}

/**
 * The Solana Pay side of the purchase dialog: one checkout per offer for this page, and, while the
 * dialog is open, asking the server whether it has been paid. Choosing another offer shows its own
 * checkout (a fresh one, or the one this page showed for it); closing the dialog (unmounting) stops.
 * `terms` are the checkout's price and cluster, as the server will check them, once it answers.
 * Every answer, timer and watch changes what is shown only while it is about what is shown: one that
 * arrives after another offer was chosen (a status poll in flight, say) changes nothing.
 */
export function useTransferRequest(offer: CheckedOut, onPaid: (answer: VerifyAnswer) => void) {
  const { kind, path, code, gift } = offer;
  const key = offerKey(offer);
  const [state, setState] = useState(() => showing(key));
  // Another offer chosen: its checkout, never the last one's (React's "adjust state while rendering").
  if (state.key !== key) setState(showing(key));
  const { checkout, phase } = state;
  const [round, setRound] = useState(0);
  // The latest callback, without restarting the polling when the dialog re-renders.
  const paid = useRef(onPaid);
  useEffect(() => {
    paid.current = onPaid;
  }, [onPaid]);

  /** Changes what is shown only while it still shows `of` (a checkout, or none yet for this offer). */
  const whileShowing = useCallback(
    (of: CheckoutAnswer | null, change: Partial<Shown>) =>
      setState((current) => (current.key === key && current.checkout === of ? { ...current, ...change } : current)),
    [key],
  );

  // A checkout is made when the dialog starts, its request expires, another offer is chosen, or "Try again" asks:
  // never on its own after a refusal.
  const starting = phase === 'starting' && !checkout;
  useEffect(() => {
    if (!starting) return;
    requestCheckout(path, kind, { code, gift }).then(
      (answer) => {
        shown.set(offerKey({ kind, path, code, gift }), answer);
        rememberTransfer({ checkout: answer.checkout, path, savedAt: Date.now() });
        whileShowing(null, { checkout: answer, phase: 'waiting' });
      },
      (error: unknown) => {
        console.error('[solana-pay] no checkout', error);
        const said = error instanceof PaymentApiError && error.fromServer && error.code === 'conflict';
        whileShowing(null, { phase: 'unavailable', reason: said ? error.message : undefined });
      },
    );
  }, [starting, path, kind, code, gift, round, whileShowing]);

  // An expired request is never left drawn as payable: a fresh checkout replaces it when it runs out. The old one
  // stays remembered (browser/pending.ts), so a payment of it that still lands is finished on a later load.
  useEffect(() => {
    if (!checkout) return;
    const timer = window.setTimeout(
      () => {
        shown.delete(key);
        whileShowing(checkout, { checkout: null, phase: 'starting' });
      },
      Math.max(0, checkout.expiresAt - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [checkout, key, whileShowing]);

  useEffect(() => {
    if (!checkout) return;
    // A shown checkout is still payable, so made minutes ago: its age decides nothing here.
    return watchTransfer(checkout.checkout, Date.now(), {
      paid: (answer) => {
        shown.delete(key);
        paid.current(answer);
      },
      phase: (next) => whileShowing(checkout, { phase: next }),
      // "Try again" then makes a new checkout, never re-asks about this one.
      refused: () => {
        shown.delete(key);
        whileShowing(checkout, { checkout: null, phase: 'unavailable' });
      },
    });
  }, [checkout, key, round, whileShowing]);

  /** After a long wait or a failed start: look again (and keep looking for another while). */
  const checkAgain = useCallback(() => {
    setState((current) => ({ ...current, phase: current.checkout ? 'waiting' : 'starting', reason: undefined }));
    setRound((n) => n + 1);
  }, []);

  /** Paid another way (Phantom): nothing left to watch for, now or on later loads. */
  const settled = useCallback(() => {
    shown.delete(key);
    if (checkout) forgetTransfer(checkout.checkout);
  }, [checkout, key]);

  const terms = checkout && { price: checkout.price, network: checkout.network };
  return { request: checkout && { ...checkout.solanaPay, expiresAt: checkout.expiresAt }, terms, phase, reason: state.reason, checkAgain, settled };
}
