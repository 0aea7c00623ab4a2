import { checkTransfer, verifySignature, type PaymentApiError, type VerifyAnswer } from './api';
import { TRANSFER_WATCH_MS, forgetPending, forgetTransfer, openTransfers, pendingPayments } from './pending';

/** Kept for the next load: the server or the chain could not answer, or this client was asked to slow down. */
const worthAskingAgain = (error: PaymentApiError) => error.retryable || error.status === 429;

/**
 * On page load, finishes what an earlier visit left open: Phantom payments signed but not yet
 * verified, and Solana Pay checkouts whose QR code a wallet may have paid since. Money is never lost.
 */
export function finishLeftovers(grant: (answer: VerifyAnswer) => void) {
  for (const payment of pendingPayments()) {
    verifySignature(payment.checkout, payment.signature).then(
      (answer) => {
        forgetPending(payment.signature);
        grant(answer);
      },
      (error: PaymentApiError) => {
        console.error('[purchases] a pending payment could not be finished yet', error);
        if (!worthAskingAgain(error)) forgetPending(payment.signature);
      },
    );
  }
  for (const transfer of openTransfers()) {
    if (Date.now() - transfer.savedAt > TRANSFER_WATCH_MS) {
      forgetTransfer(transfer.checkout);
      continue;
    }
    askAbout(transfer.checkout, grant);
  }
}

/** One question, and one more when the server's answer came from its last look at the chain (taken moments ago). */
function askAbout(checkout: string, grant: (answer: VerifyAnswer) => void, again = true) {
  checkTransfer(checkout).then(
    (answer) => {
      if (answer.state === 'paid') {
        forgetTransfer(checkout);
        grant(answer);
      } else if (again && answer.retryAfterMs > 0) {
        window.setTimeout(() => askAbout(checkout, grant, false), answer.retryAfterMs);
      }
    },
    (error: PaymentApiError) => !worthAskingAgain(error) && forgetTransfer(checkout),
  );
}
