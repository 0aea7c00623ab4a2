import bs58 from 'bs58';
import { SendTransactionError, type Connection, type PublicKey, type Transaction } from '@solana/web3.js';
import type { Offer } from '../offers';
import { PaymentApiError, requestCheckout, verifySignature, type VerifyAnswer } from './api';
import { forgetPending, savePending } from './pending';
import { paymentTransaction } from './transaction';
import { isFinalVerdict } from './verdict';

export type PurchaseStage = 'checkout' | 'signing' | 'confirming' | 'verifying';

export interface PurchaseWallet {
  publicKey: PublicKey;
  signTransaction(transaction: Transaction): Promise<Transaction>;
}

/** Milliseconds spent in each stage, for the closing measurements and the console. */
export type PurchaseTimings = Partial<Record<PurchaseStage, number>>;

/**
 * One purchase of an offer (a title to own or to rent), start to finish: checkout → the wallet signs →
 * sent and confirmed at `confirmed` → the server verifies. The signature is kept in localStorage from the
 * moment it exists until the server answers, so a closed tab or a failed verification is finished on the next load.
 */
export async function purchase(
  { path, kind }: Pick<Offer, 'path' | 'kind'>,
  wallet: PurchaseWallet,
  connection: Connection,
  onStage: (stage: PurchaseStage) => void,
): Promise<VerifyAnswer & { timings: PurchaseTimings }> {
  const timings: PurchaseTimings = {};
  let stageStart = performance.now();
  const enter = (stage: PurchaseStage) => {
    onStage(stage);
    stageStart = performance.now();
  };
  const leave = (stage: PurchaseStage) => {
    // Also on the performance timeline, where the browser tests read the time each stage took.
    timings[stage] = performance.measure(`solenema:purchase:${stage}`, { start: stageStart }).duration;
  };

  enter('checkout');
  const [checkout, blockhash] = await Promise.all([requestCheckout(path, kind), connection.getLatestBlockhash('confirmed')]);
  leave('checkout');

  enter('signing');
  const signed = await wallet.signTransaction(paymentTransaction(wallet.publicKey, checkout, blockhash));
  const signature = signed.signatures[0]?.signature;
  if (!signature) throw new Error('The wallet returned an unsigned transaction.');
  const encoded = bs58.encode(signature);
  savePending({ checkout: checkout.checkout, signature: encoded, path, savedAt: Date.now() });
  leave('signing');

  enter('confirming');
  try {
    await connection.sendRawTransaction(signed.serialize());
  } catch (error) {
    // Refused in simulation (e.g. insufficient funds): it never reached the chain, nothing to finish later.
    if (error instanceof SendTransactionError) forgetPending(encoded);
    throw error;
  }
  const failure = await connection.confirmTransaction({ signature: encoded, ...blockhash }, 'confirmed').then(
    (confirmation) => confirmation.value.err,
    // web3.js rejects with the bare transaction error (not an Error) when its status poll sees the failure first.
    (error: unknown) => {
      if (error instanceof Error) throw error;
      return error;
    },
  );
  if (failure) {
    forgetPending(encoded);
    throw new Error(`The transaction failed on chain: ${JSON.stringify(failure)}`);
  }
  leave('confirming');

  enter('verifying');
  const answer = await verifyUntilSettled(checkout.checkout, encoded);
  forgetPending(encoded);
  leave('verifying');
  return { ...answer, timings };
}

/** How long the dialog keeps asking while the server has not found the payment yet (each answer waits a few seconds), or asks to wait. */
const VERIFY_FOR_MS = 20_000;
/** Between two questions when the server named no wait. */
const VERIFY_AGAIN_MS = 2_000;

/**
 * What clears within seconds, so is asked about again while the dialog is open: a payment the shared look has not
 * found yet, a limit. An outage (the chain or our server unreachable) is said at once: the payment is safe in
 * this browser and finished on the next visit, rather than holding the buyer for the whole window.
 */
const ASK_AGAIN = new Set<PaymentApiError['code']>(['not_found', 'rate_limited']);

/**
 * Asks the server to verify until it answers for good: a payment not found yet or a limit is asked about again
 * (after the wait the server names) for a while, as a buyer would press the button again. After that, or at once
 * on anything else, the payment stays pending in this browser and is finished on the next visit.
 */
async function verifyUntilSettled(checkout: string, signature: string): Promise<VerifyAnswer> {
  const savedAt = Date.now();
  for (;;) {
    try {
      return await verifySignature(checkout, signature);
    } catch (error) {
      const again = error instanceof PaymentApiError && ASK_AGAIN.has(error.code) && !isFinalVerdict(error, savedAt);
      const wait = error instanceof PaymentApiError ? (error.retryAfterMs ?? VERIFY_AGAIN_MS) : VERIFY_AGAIN_MS;
      if (!again || Date.now() + wait - savedAt > VERIFY_FOR_MS) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
