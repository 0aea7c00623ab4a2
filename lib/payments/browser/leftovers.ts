import { checkTransfer, verifySignature, type PaymentApiError, type VerifyAnswer } from './api';
import { TRANSFER_WATCH_MS, forgetPending, forgetTransfer, openTransfers, pendingPayments } from './pending';

/**
 * Answers that settle a leftover for good: an altered or forgotten checkout (invalid_request: unknown, or past
 * the 30 days the server keeps it), another browser's (forbidden), a transaction claimed for another purchase
 * or a checkout of another cluster (conflict), a gone one (expired), a transaction that failed or paid the wrong
 * thing (payment_refused). Anything else is asked again on a later load: not_found (the server's RPC has not seen
 * the transaction yet), limits, outages, no network, and browser_conflict (a planted cookie beside this one: the
 * payment waits until it is gone).
 */
const REFUSED_FOR_GOOD = new Set<PaymentApiError['code']>(['invalid_request', 'forbidden', 'conflict', 'expired', 'payment_refused']);
/** A signature still not found a day after it was signed never landed (its blockhash expired within minutes). */
const NEVER_LANDED_MS = 24 * 60 * 60_000;

const settled = (error: PaymentApiError, savedAt: number) =>
  REFUSED_FOR_GOOD.has(error.code) || (error.code === 'not_found' && Date.now() - savedAt > NEVER_LANDED_MS);

/**
 * On page load, finishes what an earlier visit left open: Phantom payments signed but not yet
 * verified, and Solana Pay checkouts whose QR code a wallet may have paid since. Money is never lost.
 * Resolves once every first answer is in.
 */
export async function finishLeftovers(grant: (answer: VerifyAnswer) => void): Promise<void> {
  const payments = pendingPayments().map((payment) =>
    verifySignature(payment.checkout, payment.signature).then(
      (answer) => {
        forgetPending(payment.signature);
        grant(answer);
      },
      (error: PaymentApiError) => {
        console.error('[purchases] a pending payment could not be finished yet', error);
        if (settled(error, payment.savedAt)) forgetPending(payment.signature);
      },
    ),
  );
  const transfers = openTransfers().flatMap((transfer) => {
    if (Date.now() - transfer.savedAt <= TRANSFER_WATCH_MS) return [askAbout(transfer, grant)];
    forgetTransfer(transfer.checkout);
    return [];
  });
  await Promise.all([...payments, ...transfers]);
}

/** One question, and one more when the server's answer came from its last look at the chain (taken moments ago). */
function askAbout(transfer: { checkout: string; savedAt: number }, grant: (answer: VerifyAnswer) => void, again = true): Promise<void> {
  return checkTransfer(transfer.checkout).then(
    (answer) => {
      if (answer.state === 'paid') {
        forgetTransfer(transfer.checkout);
        grant(answer);
      } else if (again && answer.retryAfterMs > 0) {
        window.setTimeout(() => void askAbout(transfer, grant, false), answer.retryAfterMs);
      }
    },
    (error: PaymentApiError) => {
      if (settled(error, transfer.savedAt)) forgetTransfer(transfer.checkout);
    },
  );
}
