import { checkTransfer, verifySignature, type PaymentApiError, type VerifyAnswer } from './api';
import { TRANSFER_WATCH_MS, forgetPending, forgetTransfer, openTransfers, pendingPayments } from './pending';
import { isFinalVerdict } from './verdict';

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
        if (isFinalVerdict(error, payment.savedAt)) forgetPending(payment.signature);
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

/** Questions asked about one shown checkout on a load: the server's looks take turns, so a payment may need a few. */
const ASKS_PER_LOAD = 5;

/** One question, and a few more after the wait each answer names while the server is still looking. */
function askAbout(transfer: { checkout: string; savedAt: number }, grant: (answer: VerifyAnswer) => void, asksLeft = ASKS_PER_LOAD - 1): Promise<void> {
  return checkTransfer(transfer.checkout).then(
    (answer) => {
      if (answer.state === 'paid') {
        forgetTransfer(transfer.checkout);
        grant(answer);
      } else if (asksLeft > 0) {
        window.setTimeout(() => void askAbout(transfer, grant, asksLeft - 1), Math.max(answer.retryAfterMs, 1_500));
      }
    },
    (error: PaymentApiError) => {
      if (isFinalVerdict(error, transfer.savedAt)) forgetTransfer(transfer.checkout);
    },
  );
}
