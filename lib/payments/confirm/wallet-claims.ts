import { PublicKey, type Connection } from '@solana/web3.js';
import { oldestPayableAt } from '../checkout/checkout';
import type { Ledger, Purchase, WalletScan } from '../ledger/ledger';
import { readPaymentFacts } from '../chain/facts-cache';
import type { PaymentFacts } from '../chain/payment-facts';
import { claimPayment, type ClaimDeps } from './claim-payment';

export interface WalletClaimDeps extends ClaimDeps {
  connection: Pick<Connection, 'getSignaturesForAddress' | 'getParsedTransaction'>;
  ledger: Ledger;
  /** The clock the walk back through the wallet's history stops by. */
  now?: () => number;
}

/** Bounds on one restore's look at the chain; a busy wallet's older history is read by the next restore, from where this one stopped. */
const SIGNATURES_PER_PAGE = 100;
const SIGNATURES_PER_RESTORE = 300;
const TRANSACTIONS_PER_RESTORE = 30;

/** What one restore claimed, and whether the wallet's history holds more it has not read yet (the next restore goes on). */
interface WalletClaims {
  claimed: Purchase[];
  more: boolean;
}

/**
 * Finds the payments a wallet (proven by Sign In With Solana) made to our checkouts that no browser
 * claimed: a QR paid after its tab closed, its storage was cleared, or its checkout was forgotten.
 * Each is verified and claimed by the same rules and the same create-once claim as every payment,
 * for the browser that started its checkout.
 *
 * Walks the wallet's history newest first with `before`, down to the oldest payment a kept checkout
 * could match, bounded per restore. Where it stopped is kept in the ledger (`walletScans/{wallet}`):
 * the next restore goes on from there, and a finished walk is never read again (only what is newer),
 * so newer activity cannot hide an older payment however much of it there is.
 */
export async function claimWalletPayments(wallet: string, deps: WalletClaimDeps): Promise<WalletClaims> {
  const owner = new PublicKey(wallet);
  const horizon = oldestPayableAt((deps.now ?? Date.now)());
  const saved = await deps.ledger.scanOf(wallet);
  let scan: WalletScan = saved?.cluster === deps.cluster ? saved : { cluster: deps.cluster };
  const claimed: Purchase[] = [];
  let read = 0;
  let fetched = 0;

  const stop = async (more: boolean): Promise<WalletClaims> => {
    // A finished walk: the next one reads only what is newer than where this one began.
    const newest = scan.top ?? scan.seenUntil;
    if (!more) scan = newest ? { cluster: deps.cluster, seenUntil: newest } : { cluster: deps.cluster };
    await deps.ledger.saveScan(wallet, scan);
    return { claimed, more };
  };

  for (;;) {
    if (read >= SIGNATURES_PER_RESTORE) return stop(true);
    const page = await deps.connection.getSignaturesForAddress(owner, { limit: SIGNATURES_PER_PAGE, before: scan.before, until: scan.seenUntil }, 'confirmed');
    for (const { signature, err, blockTime } of page) {
      if (typeof blockTime === 'number' && blockTime * 1000 < horizon) return stop(false);
      if (!err && !(await deps.ledger.get(signature))) {
        if (fetched === TRANSACTIONS_PER_RESTORE) return stop(true);
        fetched += 1;
        const facts = await readPaymentFacts(deps.connection, signature);
        // Listed but not readable (a lagging node), or the ledger or the chain failed: the cursor stays
        // before this signature, so the next restore reads it again rather than walking past a payment.
        const outcome = facts ? await claimByReference(facts, signature, wallet, deps) : 'retry';
        if (outcome === 'retry') return stop(true);
        if (outcome) claimed.push(outcome);
      }
      read += 1;
      scan = { ...scan, top: scan.top ?? signature, before: signature };
    }
    if (page.length < SIGNATURES_PER_PAGE) return stop(false);
  }
}

async function claimByReference(facts: PaymentFacts, signature: string, wallet: string, deps: WalletClaimDeps) {
  // Only a payment this wallet signed, and that did not fail, can be the wallet's.
  if (facts.failed || !facts.signers.includes(wallet)) return null;
  for (const reference of facts.referenceCandidates) {
    const checkout = await deps.ledger.checkoutOf(reference);
    if (!checkout) continue;
    const result = await claimPayment(checkout, signature, facts, checkout.browser, deps);
    if (result.ok) return result.purchase;
    if (result.code === 'unavailable') return 'retry';
  }
  return null;
}
