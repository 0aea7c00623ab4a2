import bs58 from 'bs58';
import { SendTransactionError, type Connection, type PublicKey, type Transaction } from '@solana/web3.js';
import { requestCheckout, verifySignature, type VerifyAnswer } from './api';
import { forgetPending, savePending } from './pending';
import { paymentTransaction } from './transaction';

export type PurchaseStage = 'checkout' | 'signing' | 'confirming' | 'verifying';

export interface PurchaseWallet {
  publicKey: PublicKey;
  signTransaction(transaction: Transaction): Promise<Transaction>;
}

/** Milliseconds spent in each stage, for the closing measurements and the console. */
export type PurchaseTimings = Partial<Record<PurchaseStage, number>>;

/**
 * One purchase, start to finish: checkout → the wallet signs → sent and confirmed at `confirmed`
 * → the server verifies. The signature is kept in localStorage from the moment it exists until
 * the server answers, so a closed tab or a failed verification is finished on the next load.
 */
export async function purchase(
  path: string,
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
  const [checkout, blockhash] = await Promise.all([requestCheckout(path), connection.getLatestBlockhash('confirmed')]);
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
  const answer = await verifySignature(checkout.checkout, encoded);
  forgetPending(encoded);
  leave('verifying');
  return { ...answer, timings };
}
