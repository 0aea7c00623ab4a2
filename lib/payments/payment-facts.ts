import type { ParsedInstruction, ParsedTransactionWithMeta, PartiallyDecodedInstruction, TokenBalance } from '@solana/web3.js';
import type { Amount } from '../catalog/pricing';
import { paidOutOfTime, priceInWords, type StoredCheckout } from './checkout';

interface Transfer {
  source: string;
  destination: string;
  lamports: number;
}

/**
 * What a confirmed transaction says about a payment, read once from the chain and kept small: a
 * transaction never changes, so a signature already read (a payment, or junk someone named) is judged
 * again from this alone, with no call.
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
  /** The system transfers it makes. */
  transfers: Transfer[];
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
    transfers: transaction.transaction.message.instructions.map(systemTransfer).filter((transfer): transfer is Transfer => transfer !== null),
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
 * The payer and amount of a transaction that pays this checkout, or why it does not (a reason a person reads): in
 * SOL, a system transfer from a signer to the recipient; in USDC, the balance the recipient gained of the checkout's
 * mint (its token account's, as the node reports it), paid by a signer whose balance of that mint fell.
 */
export function judgePayment(facts: PaymentFacts, checkout: StoredCheckout): Paid | string {
  if (facts.failed) return 'The transaction failed on chain.';
  if (!facts.accounts.includes(checkout.reference)) return 'The transaction does not carry this checkout’s reference.';
  const paid = checkout.price.currency === 'SOL' ? paidInSol(facts, checkout) : paidInTokens(facts, checkout);
  if (!paid || paid.amount.units < checkout.price.units) {
    const mint = checkout.price.currency === 'SOL' ? '' : ` of mint ${checkout.mint}`;
    return `The transaction does not transfer at least ${priceInWords(checkout)}${mint} to the recipient.`;
  }
  return paidOutOfTime(checkout, facts.blockTime) ?? paid;
}

function paidInSol(facts: PaymentFacts, checkout: StoredCheckout): Paid | null {
  const signers = new Set(facts.signers);
  const paying = facts.transfers.filter((transfer) => transfer.destination === checkout.recipient && signers.has(transfer.source));
  const largest = paying.sort((a, b) => b.lamports - a.lamports)[0];
  return largest ? { payer: largest.source, amount: { currency: 'SOL', units: largest.lamports } } : null;
}

function paidInTokens(facts: PaymentFacts, checkout: StoredCheckout): Paid | null {
  const ofMint = facts.tokenChanges.filter((change) => change.mint === checkout.mint);
  const received = ofMint.find((change) => change.owner === checkout.recipient)?.units ?? 0;
  const signers = new Set(facts.signers);
  const payer = ofMint.filter((change) => change.units < 0 && signers.has(change.owner)).sort((a, b) => a.units - b.units)[0];
  return payer && received > 0 ? { payer: payer.owner, amount: { currency: checkout.price.currency, units: received } } : null;
}

/** What a transaction brought a recipient, whatever it was for: SOL sent to it, or tokens its accounts gained. */
export function receivedBy(facts: PaymentFacts, recipient: string, usdcMint: string): Paid | null {
  if (facts.failed) return null;
  const sol = facts.transfers.filter((transfer) => transfer.destination === recipient).sort((a, b) => b.lamports - a.lamports)[0];
  if (sol) return { payer: sol.source, amount: { currency: 'SOL', units: sol.lamports } };
  // Only the site's USDC is a currency here: another token reaching the recipient is not money the studio counts.
  const tokens = facts.tokenChanges.find((change) => change.owner === recipient && change.mint === usdcMint && change.units > 0);
  const payer = tokens && facts.tokenChanges.find((change) => change.mint === usdcMint && change.units < 0);
  return tokens ? { payer: payer?.owner ?? facts.signers[0] ?? '', amount: { currency: 'USDC', units: tokens.units } } : null;
}

function systemTransfer(instruction: ParsedInstruction | PartiallyDecodedInstruction): Transfer | null {
  if (!('parsed' in instruction) || instruction.program !== 'system') return null;
  const parsed = instruction.parsed as { type?: string; info?: Partial<Transfer> };
  const info = parsed.info;
  if (parsed.type !== 'transfer' || !info?.source || !info.destination || typeof info.lamports !== 'number') return null;
  return { source: info.source, destination: info.destination, lamports: info.lamports };
}
