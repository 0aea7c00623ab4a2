import { PaymentApiError, checkTransfer, type VerifyAnswer } from './api';
import { forgetTransfer } from './pending';
import { isFinalVerdict } from './verdict';

/** Polled every 1.5 s for the first minute (a phone scan takes that long), then less and less often. */
export function pollDelay(elapsedMs: number, failures: number): number {
  if (failures > 0) return Math.min(15_000, 2_000 * 2 ** (failures - 1));
  if (elapsedMs < 60_000) return 1_500;
  return Math.min(5_000, 1_500 + (elapsedMs - 60_000) / 30);
}

/** A dialog left open this long stops asking and offers "Check again". */
export const WATCH_FOR_MS = 10 * 60_000;

export interface TransferWatcher {
  /** The server verified the transfer: the checkout is forgotten, nothing is left to watch. */
  paid(answer: VerifyAnswer): void;
  /** `waiting`, `refused` (a transfer carried the reference but did not pay it), `stopped` after WATCH_FOR_MS. */
  phase(phase: 'waiting' | 'refused' | 'stopped'): void;
  /** The server's final verdict on this checkout (browser/verdict.ts): it is forgotten, and a new one is needed. */
  refused(error: PaymentApiError): void;
}

/**
 * Asks the server whether a shown QR checkout (remembered at `savedAt`) was paid, at once and then per
 * pollDelay, until it is paid, finally refused, or WATCH_FOR_MS has passed. Any other error is asked
 * again, and the checkout stays remembered for later loads. Returns the function that stops asking.
 */
export function watchTransfer(checkout: string, savedAt: number, on: TransferWatcher): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  let failures = 0;
  const started = Date.now();
  const ask = async () => {
    try {
      const answer = await checkTransfer(checkout);
      if (stopped) return;
      failures = 0;
      if (answer.state === 'paid') {
        forgetTransfer(checkout);
        on.paid(answer);
        return;
      }
      on.phase(answer.state);
    } catch (error) {
      if (stopped) return;
      if (error instanceof PaymentApiError && isFinalVerdict(error, savedAt)) {
        console.error('[solana-pay] the checkout was refused', error);
        forgetTransfer(checkout);
        on.refused(error);
        return;
      }
      failures += 1;
    }
    const elapsed = Date.now() - started;
    if (elapsed >= WATCH_FOR_MS) on.phase('stopped');
    else timer = setTimeout(() => void ask(), pollDelay(elapsed, failures));
  };
  // At once: a reopened dialog or "Check again" may find the payment already there.
  void ask();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
