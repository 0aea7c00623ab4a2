import { watchPayments, type PaymentWatchDeps } from '@/lib/payments/chain/payment-watch';
import { memoryWatchBoard } from '@/lib/payments/chain/watch-board';

/** What the payment routes' watch needs from a test: the rest (board, interval, waits) is set here, short. */
export type WatchDeps = Pick<PaymentWatchDeps, 'connection' | 'ledger' | 'catalog' | 'cluster' | 'defaultLamports'>;

export interface Asked {
  reference: string;
  signature: string;
  browser: string;
}

/**
 * The watch the payment routes answer from (lib/payments/confirm/confirm-payment.ts), on its own memory board:
 * a look every 50 ms, and a verification waits 1.5 s for its payment before "not found yet".
 */
export function paymentWatch(deps: WatchDeps) {
  const board = memoryWatchBoard();
  return watchPayments({ ...deps, intervalMs: 50, verifyWaitMs: 1_500, board: () => board });
}

/** A Phantom payment confirmed as the route confirms it: the signature named, found by the shared looks, claimed once. */
export const confirmNamed = ({ reference, signature, browser }: Asked, deps: WatchDeps) =>
  paymentWatch(deps).verify(reference, signature, browser, `browser:${browser}`);
