import type { Connection, ParsedInstruction, ParsedTransactionWithMeta, PartiallyDecodedInstruction } from '@solana/web3.js';
import type { Catalog } from '../catalog/types';
import { paidOutOfTime, type StoredCheckout } from './checkout';
import type { Ledger, Purchase } from './ledger';
import { refuse, type Refusal } from '../errors';

export interface VerifyRequest {
  /** The checkout's reference, read once from the token the browser brought (lib/payments/request-fields.ts). */
  reference: string;
  signature: string;
  browser: string;
}

export interface VerifyDeps {
  connection: Pick<Connection, 'getParsedTransaction'>;
  ledger: Ledger;
  catalog: Pick<Catalog, 'getTitle'>;
  /** The genesis hash of the cluster this site verifies on: checkouts and purchases of another one count for nothing. */
  cluster: string;
  /** The clock restore's walk back through a wallet's history stops by. */
  now?: () => number;
}

/** What claiming a payment for a checkout needs: the chain, the ledger, the catalog and the cluster. */
export type ClaimDeps = VerifyDeps;

export type VerifyResult = { ok: true; purchase: Purchase } | Refusal;

/**
 * The server's own on-chain check of a payment, then an atomic claim of its signature.
 * Nothing the browser says is trusted: its token only named the checkout, whose terms the server kept.
 */
export async function verifyPayment(request: VerifyRequest, deps: VerifyDeps): Promise<VerifyResult> {
  const found = await storedCheckout(request.reference, request.browser, deps);
  return found.ok ? claimPayment(found.checkout, request.signature, request.browser, deps) : found;
}

type StoredCheckoutResult = { ok: true; checkout: StoredCheckout } | Refusal;

/**
 * The server's copy of the checkout a browser brings back (by the reference its token named): started by this
 * browser, on this cluster, and still kept (the ledger forgets it after 30 days). Its price and recipient are what a payment must meet.
 */
export async function storedCheckout(
  reference: string,
  browser: string,
  deps: Pick<VerifyDeps, 'cluster'> & { ledger: Pick<Ledger, 'checkoutOf'> },
): Promise<StoredCheckoutResult> {
  let checkout: StoredCheckout | null;
  try {
    checkout = await deps.ledger.checkoutOf(reference);
  } catch (error) {
    console.error('[payments] could not read checkout', reference, error);
    return refuse('unavailable', 'We could not read your checkout just now. If you paid, your payment is safe; it will be finished when you come back.');
  }
  // A checkout our key signed that the ledger no longer holds is the server's verdict on it (the browser then drops
  // it); an unreadable token, refused before this, is not (a browser may bring one a removed previous key signed).
  if (!checkout) return refuse('expired', 'This checkout is no longer kept (checkouts last 30 days); start the purchase again.');
  if (checkout.browser !== browser) return refuse('forbidden', 'This checkout was started in another browser.');
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster; start the purchase again.');
  return { ok: true, checkout };
}

/**
 * Verifies `signature` as the payment of a checkout the server kept, claims it once, and grants the
 * title to `browser`. Every way to pay ends here.
 */
export async function claimPayment(checkout: StoredCheckout, signature: string, browser: string, deps: ClaimDeps): Promise<VerifyResult> {
  if (checkout.cluster !== deps.cluster) return refuse('conflict', 'This checkout was made for another Solana cluster.');
  try {
    return await verifyOnChain({ signature, browser }, checkout, deps);
  } catch (error) {
    // The ledger or the catalog failed (Firestore unreachable): the browser keeps the signature and retries.
    console.error('[payments] could not record', signature, error);
    return refuse('unavailable', 'We could not record your payment just now. Your payment is safe; it will be finished when you come back.');
  }
}

async function verifyOnChain(request: Omit<VerifyRequest, 'reference'>, checkout: StoredCheckout, deps: ClaimDeps): Promise<VerifyResult> {
  const claimed = await deps.ledger.get(request.signature);
  if (claimed) return answerClaimed(claimed, checkout, request.browser, deps);

  let transaction: ParsedTransactionWithMeta | null;
  try {
    transaction = await deps.connection.getParsedTransaction(request.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
  } catch (error) {
    console.error('[payments] RPC failed while verifying', request.signature, error);
    return refuse('unavailable', 'The Solana RPC could not be reached. Your payment is safe; verification will be retried.');
  }
  if (!transaction) return refuse('not_found', 'Transaction not found at confirmed commitment.');

  const problem = inspect(transaction, checkout);
  if (typeof problem === 'string') return refuse('payment_refused', problem);

  const purchase: Purchase = {
    signature: request.signature,
    wallet: problem.payer,
    path: checkout.path,
    lamports: problem.lamports,
    slot: transaction.slot,
    blockTime: transaction.blockTime ?? null,
    verifiedAt: new Date().toISOString(),
    reference: checkout.reference,
    browser: request.browser,
    cluster: checkout.cluster,
  };
  if (!(await deps.ledger.create(purchase))) {
    const winner = await deps.ledger.get(request.signature);
    return winner ? answerClaimed(winner, checkout, request.browser, deps) : refuse('conflict', 'This transaction has already been claimed.');
  }
  return grantTo(purchase, request.browser, deps);
}

/** A retry of the same checkout gets the same answer (and finishes a grant a failure interrupted); anyone else is refused. */
function answerClaimed(claimed: Purchase, checkout: StoredCheckout, browser: string, deps: ClaimDeps) {
  if (claimed.reference !== checkout.reference || claimed.path !== checkout.path || claimed.cluster !== checkout.cluster) {
    return Promise.resolve(refuse('conflict', 'This transaction has already been claimed for another purchase.'));
  }
  return grantTo(claimed, browser, deps);
}

async function grantTo(purchase: Purchase, browser: string, deps: ClaimDeps): Promise<VerifyResult> {
  await deps.ledger.grant(browser, purchase.path, purchase.signature, purchase.cluster);
  if (!(await deps.catalog.getTitle(purchase.path))) return refuse('not_found', `The title ${purchase.path} no longer exists.`);
  return { ok: true, purchase };
}

/** Returns the payer and amount of a transaction that pays this checkout, or why it does not. */
function inspect(transaction: ParsedTransactionWithMeta, checkout: StoredCheckout): { payer: string; lamports: number } | string {
  if (!transaction.meta || transaction.meta.err) return 'The transaction failed on chain.';
  const keys = transaction.transaction.message.accountKeys;
  if (!keys.some((key) => key.pubkey.toBase58() === checkout.reference)) {
    return 'The transaction does not carry this checkout’s reference.';
  }
  const signers = new Set(keys.filter((key) => key.signer).map((key) => key.pubkey.toBase58()));
  const paid = transaction.transaction.message.instructions
    .map(systemTransfer)
    .filter((t): t is Transfer => t !== null && t.destination === checkout.recipient && signers.has(t.source))
    .reduce<{ payer: string; lamports: number } | null>(
      (best, t) => (best && best.lamports >= t.lamports ? best : { payer: t.source, lamports: t.lamports }),
      null,
    );
  if (!paid || paid.lamports < checkout.lamports) {
    return `The transaction does not transfer at least ${checkout.lamports} lamports to the recipient.`;
  }
  return paidOutOfTime(checkout, transaction.blockTime) ?? paid;
}

interface Transfer {
  source: string;
  destination: string;
  lamports: number;
}

function systemTransfer(instruction: ParsedInstruction | PartiallyDecodedInstruction): Transfer | null {
  if (!('parsed' in instruction) || instruction.program !== 'system') return null;
  const parsed = instruction.parsed as { type?: string; info?: Partial<Transfer> };
  const info = parsed.info;
  if (parsed.type !== 'transfer' || !info?.source || !info.destination || typeof info.lamports !== 'number') return null;
  return { source: info.source, destination: info.destination, lamports: info.lamports };
}
