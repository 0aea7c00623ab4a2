import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { refuse, type Refusal } from '../../errors';
import type { TransactionRequestAnswer, TransactionRequestBody } from '../contract';
import { ledger } from '../ledger/ledger';
import { orderMessage, paymentTransaction } from './payment-transaction';
import { chainTerms, paymentCluster, sellingReadiness } from '../wiring';

/**
 * A transaction is still built this long after the dialog stopped drawing the checkout's request (expiresAt): a wallet
 * that scanned in time, or a buyer whose blockhash expired while signing, finishes the same checkout. Later, the
 * dialog has shown a fresh checkout, and this one is answered "start again".
 */
const BUILD_AFTER_EXPIRY_MS = 15 * 60_000;

const FRESH = 'A fresh transaction: the last one expired before it reached the chain, and nothing was charged.';

/**
 * The transaction a buyer signs for checkout `reference` (a Solana Pay transaction request's POST, and the Phantom
 * button's): built by paymentTransaction from the server's own copy of the checkout, never from anything the wallet
 * sends but its address. `expired`: the blockhash the buyer's last transaction carried, found expired; the answer has
 * a newer one. Refused for a checkout this server does not keep, one already paid (a second payment would only be a
 * refund to make), one long past its window, or while the store may not sell.
 */
export async function buildPaymentTransaction(
  reference: string,
  { account, expired }: TransactionRequestBody,
): Promise<{ ok: true; answer: TransactionRequestAnswer } | Refusal> {
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  const [ready, checkout, credited] = await Promise.all([sellingReadiness(), ledger.checkoutOf(reference), ledger.creditOf(reference)]);
  if (ready.refusal !== null) return refuse('conflict', ready.refusal);
  if (!checkout) return refuse('not_found', 'This checkout is unknown here or no longer kept: start the purchase again on the title’s page.');
  if (checkout.cluster !== cluster.genesisHash)
    return refuse('conflict', `This checkout was made on another cluster than ${cluster.cluster}: start the purchase again.`);
  if (credited) return refuse('conflict', `${checkout.title} is already paid for with this checkout (transaction ${credited}): nothing more to pay.`);
  if (Date.now() > checkout.expiresAt + BUILD_AFTER_EXPIRY_MS)
    return refuse('expired', 'This checkout has expired: start the purchase again on the title’s page. Nothing was charged.');
  if (checkout.mint && ready.usdcRefusal) return refuse('conflict', ready.usdcRefusal);

  const terms = await chainTerms.terms(expired);
  const transaction = paymentTransaction(new PublicKey(account), checkout, terms);
  return {
    ok: true,
    answer: {
      transaction: transaction.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64'),
      message: expired ? `${orderMessage(checkout)}. ${FRESH}` : orderMessage(checkout),
      blockhash: terms.blockhash,
      lastValidBlockHeight: terms.lastValidBlockHeight,
    },
  };
}
