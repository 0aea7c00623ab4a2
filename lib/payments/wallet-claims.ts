import { PublicKey, type Connection, type ParsedTransactionWithMeta } from '@solana/web3.js';
import type { Ledger, Purchase } from './ledger';
import { claimPayment, type ClaimDeps } from './verify';

export interface WalletClaimDeps extends ClaimDeps {
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  ledger: Ledger;
}

/** Bounds on one restore's look at the chain: a busy wallet's older payments are found by the RPC's paging, not all at once. */
const SIGNATURES_PER_PAGE = 100;
const SIGNATURES_PER_RESTORE = 300;
const TRANSACTIONS_PER_RESTORE = 30;
/** A payment carries one reference; a few more read-only keys are looked up, never a transaction's every account. */
const REFERENCES_PER_TRANSACTION = 4;

/**
 * Finds the payments a wallet (proven by Sign In With Solana) made to our checkouts that no browser
 * claimed: a QR paid after its tab closed, its storage was cleared, or its checkout was forgotten.
 * Each is verified and claimed by the same rules and the same create-once claim as every payment,
 * for the browser that started its checkout. Walks the wallet's newest transactions, bounded per
 * restore; answers what it claimed.
 */
export async function claimWalletPayments(wallet: string, deps: WalletClaimDeps): Promise<Purchase[]> {
  const claimed: Purchase[] = [];
  const owner = new PublicKey(wallet);
  let before: string | undefined;
  let read = 0;
  let fetched = 0;
  while (read < SIGNATURES_PER_RESTORE) {
    const page = await deps.connection.getSignaturesForAddress(owner, { limit: SIGNATURES_PER_PAGE, before }, 'confirmed');
    for (const { signature, err } of page) {
      read += 1;
      before = signature;
      if (err || (await deps.ledger.get(signature))) continue;
      if (fetched === TRANSACTIONS_PER_RESTORE) return claimed;
      fetched += 1;
      const transaction = await deps.connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
      const purchase = transaction && (await claimByReference(transaction, signature, wallet, deps));
      if (purchase) claimed.push(purchase);
    }
    if (page.length < SIGNATURES_PER_PAGE) break;
  }
  return claimed;
}

async function claimByReference(transaction: ParsedTransactionWithMeta, signature: string, wallet: string, deps: WalletClaimDeps) {
  for (const reference of referenceCandidates(transaction, wallet)) {
    const checkout = await deps.ledger.checkoutOf(reference);
    if (!checkout) continue;
    const result = await claimPayment(checkout, signature, checkout.browser, deps);
    if (result.ok) return result.purchase;
  }
  return null;
}

/** Read-only keys no one signed, and no program: where a reference rides in a transaction this wallet signed. */
function referenceCandidates(transaction: ParsedTransactionWithMeta, wallet: string): string[] {
  if (transaction.meta?.err) return [];
  const { accountKeys, instructions } = transaction.transaction.message;
  if (!accountKeys.some((key) => key.signer && key.pubkey.toBase58() === wallet)) return [];
  const programs = new Set(instructions.map((instruction) => instruction.programId.toBase58()));
  return accountKeys
    .filter((key) => !key.signer && !key.writable && !programs.has(key.pubkey.toBase58()))
    .map((key) => key.pubkey.toBase58())
    .slice(0, REFERENCES_PER_TRANSACTION);
}
