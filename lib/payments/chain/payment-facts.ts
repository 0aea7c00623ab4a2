import type { ParsedTransactionWithMeta, TokenBalance } from '@solana/web3.js';
import type { Amount } from '../../catalog/pricing';
import { paidOutOfTime, priceInWords, type StoredCheckout } from '../checkout/checkout';

/** What one account's lamports did in a transaction (negative: lost), fee included for the fee payer. */
interface LamportChange {
  account: string;
  lamports: number;
}

/**
 * What a confirmed transaction says about a payment, read once from the chain and kept small: a
 * transaction never changes, so a signature already read (a payment, or junk someone named) is judged
 * again from this alone, with no call. Money is read from the node's balances, never from the
 * instructions: whatever the transaction's version, whatever a wallet added (ComputeBudget, Memo, guard
 * instructions), and wherever the money moved (a multisig or smart wallet moves it in an inner
 * instruction), what counts is what the recipient received.
 */
export interface PaymentFacts {
  slot: number;
  blockTime: number | null;
  failed: boolean;
  /** Every account the transaction names: a checkout's reference rides among them. */
  accounts: string[];
  signers: string[];
  /** Read-only keys no one signed and no instruction's program: where a reference rides, a few at most. */
  referenceCandidates: string[];
  /** What each account's lamports gained or lost, from the node's pre- and post-balances (unchanged ones left out). */
  lamportChanges: LamportChange[];
  /** What each owner's token balance of each mint gained (negative: lost), from the node's pre- and post-balances. */
  tokenChanges: TokenChange[];
}

interface TokenChange {
  owner: string;
  mint: string;
  units: number;
}

export function paymentFacts(transaction: ParsedTransactionWithMeta): PaymentFacts {
  const keys = transaction.transaction.message.accountKeys;
  return {
    slot: transaction.slot,
    blockTime: transaction.blockTime ?? null,
    failed: !transaction.meta || transaction.meta.err !== null,
    accounts: keys.map((key) => key.pubkey.toBase58()),
    signers: keys.filter((key) => key.signer).map((key) => key.pubkey.toBase58()),
    referenceCandidates: referenceCandidates(transaction),
    lamportChanges: lamportChanges(
      keys.map((key) => key.pubkey.toBase58()),
      transaction.meta?.preBalances ?? [],
      transaction.meta?.postBalances ?? [],
    ),
    tokenChanges: tokenChanges(transaction.meta?.preTokenBalances ?? [], transaction.meta?.postTokenBalances ?? []),
  };
}

/** A payment carries one reference; a few more read-only keys are looked at, never a transaction's every account. */
const REFERENCES_PER_TRANSACTION = 4;

function referenceCandidates(transaction: ParsedTransactionWithMeta): string[] {
  const { accountKeys, instructions } = transaction.transaction.message;
  const programs = new Set(instructions.map((instruction) => instruction.programId.toBase58()));
  return accountKeys
    .filter((key) => !key.signer && !key.writable && !programs.has(key.pubkey.toBase58()))
    .map((key) => key.pubkey.toBase58())
    .slice(0, REFERENCES_PER_TRANSACTION);
}

/** Post minus pre per account key (the node lists balances in the order of the keys, loaded addresses included). */
function lamportChanges(accounts: string[], pre: number[], post: number[]): LamportChange[] {
  return accounts.flatMap((account, index) => {
    const lamports = (post[index] ?? 0) - (pre[index] ?? 0);
    return lamports === 0 || pre[index] === undefined || post[index] === undefined ? [] : [{ account, lamports }];
  });
}

/** Post minus pre per owner and mint: an account created in the transaction has no pre-balance, a closed one no post. */
function tokenChanges(pre: TokenBalance[], post: TokenBalance[]): TokenChange[] {
  const changes = new Map<string, TokenChange>();
  const add = (balances: TokenBalance[], sign: 1 | -1) => {
    for (const { owner, mint, uiTokenAmount } of balances) {
      if (!owner) continue;
      const key = `${owner} ${mint}`;
      const change = changes.get(key) ?? { owner, mint, units: 0 };
      change.units += sign * Number(uiTokenAmount.amount);
      changes.set(key, change);
    }
  };
  add(post, 1);
  add(pre, -1);
  return [...changes.values()];
}

/** What a payment of this checkout gave: who paid and how much. */
export interface Paid {
  payer: string;
  amount: Amount;
}

/**
 * The payer and amount of a transaction that pays this checkout, or why it does not (a reason a person reads): what the
 * recipient received, in SOL (its lamports) or in USDC (its token account's balance of the checkout's mint, as
 * `@solana/pay`'s validateTransfer reads it), in a transaction a wallet signed.
 */
export function judgePayment(facts: PaymentFacts, checkout: StoredCheckout): Paid | string {
  if (facts.failed) return 'The transaction failed on chain.';
  if (!facts.accounts.includes(checkout.reference)) return 'The transaction does not carry this checkout’s reference.';
  const paid = checkout.price.currency === 'SOL' ? paidInSol(facts, checkout.recipient) : paidInTokens(facts, checkout.recipient, checkout.mint);
  if (!paid || paid.amount.currency !== checkout.price.currency || paid.amount.units < checkout.price.units) {
    const mint = checkout.price.currency === 'SOL' ? '' : ` of mint ${checkout.mint}`;
    return `The transaction does not transfer at least ${priceInWords(checkout)}${mint} to the recipient.`;
  }
  return paidOutOfTime(checkout, facts.blockTime) ?? paid;
}

/**
 * Who paid: the signer whose balance fell most (of the mint, or of SOL), else the fee payer. A multisig's or smart
 * wallet's vault is no signer: the member who signed (and paid the fee) is the wallet that restores the purchase.
 */
function payerOf(facts: PaymentFacts, losses: { account: string; units: number }[]): string | null {
  const signers = new Set(facts.signers);
  const losing = losses.filter((loss) => loss.units < 0 && signers.has(loss.account)).sort((a, b) => a.units - b.units)[0];
  return losing?.account ?? facts.signers[0] ?? null;
}

function paidInSol(facts: PaymentFacts, recipient: string): Paid | null {
  const received = facts.lamportChanges.find((change) => change.account === recipient)?.lamports ?? 0;
  const payer = payerOf(
    facts,
    facts.lamportChanges.map(({ account, lamports }) => ({ account, units: lamports })),
  );
  return payer && received > 0 ? { payer, amount: { currency: 'SOL', units: received } } : null;
}

function paidInTokens(facts: PaymentFacts, recipient: string, mint: string | undefined): Paid | null {
  const ofMint = facts.tokenChanges.filter((change) => change.mint === mint);
  const received = ofMint.find((change) => change.owner === recipient)?.units ?? 0;
  const payer = payerOf(
    facts,
    ofMint.map(({ owner, units }) => ({ account: owner, units })),
  );
  return payer && received > 0 ? { payer, amount: { currency: 'USDC', units: received } } : null;
}

/** What a transaction brought a recipient, whatever it was for: SOL its balance gained, or the site's USDC its accounts gained. */
export function receivedBy(facts: PaymentFacts, recipient: string, usdcMint: string): Paid | null {
  if (facts.failed) return null;
  // Only the site's USDC is a currency here: another token reaching the recipient is not money the studio counts.
  return paidInSol(facts, recipient) ?? paidInTokens(facts, recipient, usdcMint);
}
