import bs58 from 'bs58';
import { SendTransactionError, Transaction, TransactionExpiredBlockheightExceededError, type Connection, type PublicKey } from '@solana/web3.js';
import type { Offer } from '../checkout/offers';
import { PaymentApiError, requestCheckout, requestPaymentTransaction, verifySignature, type VerifyAnswer } from './api';
import { forgetPending, savePending } from './pending';
import { isFinalVerdict } from './verdict';

/** `renewing`: the last transaction expired before it was sent; the wallet is asked to sign a fresh one. */
export type PurchaseStage = 'checkout' | 'signing' | 'renewing' | 'confirming' | 'verifying';

export interface PurchaseWallet {
  publicKey: PublicKey;
  signTransaction(transaction: Transaction): Promise<Transaction>;
}

/** Milliseconds spent in each stage, for the closing measurements and the console. */
export type PurchaseTimings = Partial<Record<PurchaseStage, number>>;

/**
 * One purchase of an offer (a title to own or to rent), start to finish: checkout → the server builds the
 * transaction (lib/payments/checkout/transaction-request.ts, the QR's too) → the wallet signs →
 * sent and confirmed at `confirmed` → the server verifies. The signature is kept in localStorage from the
 * moment it exists until the server answers, so a closed tab or a failed verification is finished on the next load.
 */
export async function purchase(
  { path, kind, code, gift }: Pick<Offer, 'path' | 'kind'> & { code?: string; gift?: boolean },
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
  const checkout = await requestCheckout(path, kind, { code, gift });
  const account = wallet.publicKey.toBase58();
  let built = await requestPaymentTransaction(checkout.reference, account);
  leave('checkout');

  // The server builds what the wallet signs (as for the QR); one whose blockhash expired before it was sent is built
  // again, never charged twice: an expired transaction cannot land.
  for (let fresh = 0; ; fresh++) {
    enter(fresh === 0 ? 'signing' : 'renewing');
    const signed = await wallet.signTransaction(Transaction.from(base64Bytes(built.transaction)));
    const signature = signed.signatures[0]?.signature;
    if (!signature) throw new Error('The wallet returned an unsigned transaction.');
    const encoded = bs58.encode(signature);
    savePending({ checkout: checkout.checkout, signature: encoded, path, savedAt: Date.now() });
    leave(fresh === 0 ? 'signing' : 'renewing');

    enter('confirming');
    const sent = await sendAndConfirm(connection, signed, encoded, built);
    if (sent === 'expired' && fresh < MAX_FRESH_TRANSACTIONS) {
      built = await requestPaymentTransaction(checkout.reference, account, built.blockhash);
      continue;
    }
    if (sent === 'expired') throw new Error('The transaction expired again before it reached the chain. Nothing was charged.');
    leave('confirming');

    enter('verifying');
    const answer = await verifyUntilSettled(checkout.checkout, encoded);
    forgetPending(encoded);
    leave('verifying');
    return { ...answer, timings };
  }
}

/** A buyer slow to approve twice in a row is asked a third time at most. */
const MAX_FRESH_TRANSACTIONS = 2;

const base64Bytes = (text: string) => Uint8Array.from(atob(text), (character) => character.charCodeAt(0));

/** A blockhash the cluster no longer knows, as a node's preflight says it. */
const isExpiredBlockhash = (error: unknown) => error instanceof SendTransactionError && /Blockhash not found/i.test(error.message);

/**
 * Sends a signed payment and waits until `confirmed`. 'expired': it never reached the chain because its blockhash
 * expired (refused in preflight, or past its last valid block height), so it is forgotten and a fresh one may be signed.
 */
async function sendAndConfirm(connection: Connection, signed: Transaction, signature: string, lifetime: { blockhash: string; lastValidBlockHeight: number }) {
  try {
    await connection.sendRawTransaction(signed.serialize());
  } catch (error) {
    // Refused in simulation (e.g. insufficient funds): it never reached the chain, nothing to finish later.
    if (error instanceof SendTransactionError) forgetPending(signature);
    if (isExpiredBlockhash(error)) return 'expired';
    throw error;
  }
  const failure = await connection.confirmTransaction({ signature, ...lifetime }, 'confirmed').then(
    (confirmation) => confirmation.value.err,
    // web3.js rejects with the bare transaction error (not an Error) when its status poll sees the failure first.
    (error: unknown) => {
      if (error instanceof TransactionExpiredBlockheightExceededError) return 'expired' as const;
      if (error instanceof Error) throw error;
      return error;
    },
  );
  if (failure === 'expired') {
    forgetPending(signature);
    return 'expired';
  }
  if (failure) {
    forgetPending(signature);
    throw new Error(`The transaction failed on chain: ${JSON.stringify(failure)}`);
  }
  return 'confirmed';
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
