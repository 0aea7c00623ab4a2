import type { ParsedInstruction, ParsedTransactionWithMeta, PartiallyDecodedInstruction } from '@solana/web3.js';
import { paidOutOfTime, type StoredCheckout } from './checkout';

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
  /** The system transfers it makes. */
  transfers: Transfer[];
}

export function paymentFacts(transaction: ParsedTransactionWithMeta): PaymentFacts {
  const keys = transaction.transaction.message.accountKeys;
  return {
    slot: transaction.slot,
    blockTime: transaction.blockTime ?? null,
    failed: !transaction.meta || transaction.meta.err !== null,
    accounts: keys.map((key) => key.pubkey.toBase58()),
    signers: keys.filter((key) => key.signer).map((key) => key.pubkey.toBase58()),
    transfers: transaction.transaction.message.instructions.map(systemTransfer).filter((transfer): transfer is Transfer => transfer !== null),
  };
}

/** What a payment of this checkout gave: who paid and how much. */
export interface Paid {
  payer: string;
  lamports: number;
}

/** The payer and amount of a transaction that pays this checkout, or why it does not (a reason a person reads). */
export function judgePayment(facts: PaymentFacts, checkout: StoredCheckout): Paid | string {
  if (facts.failed) return 'The transaction failed on chain.';
  if (!facts.accounts.includes(checkout.reference)) return 'The transaction does not carry this checkout’s reference.';
  const signers = new Set(facts.signers);
  const paid = facts.transfers
    .filter((transfer) => transfer.destination === checkout.recipient && signers.has(transfer.source))
    .reduce<Paid | null>(
      (best, transfer) => (best && best.lamports >= transfer.lamports ? best : { payer: transfer.source, lamports: transfer.lamports }),
      null,
    );
  if (!paid || paid.lamports < checkout.lamports) return `The transaction does not transfer at least ${checkout.lamports} lamports to the recipient.`;
  return paidOutOfTime(checkout, facts.blockTime) ?? paid;
}

function systemTransfer(instruction: ParsedInstruction | PartiallyDecodedInstruction): Transfer | null {
  if (!('parsed' in instruction) || instruction.program !== 'system') return null;
  const parsed = instruction.parsed as { type?: string; info?: Partial<Transfer> };
  const info = parsed.info;
  if (parsed.type !== 'transfer' || !info?.source || !info.destination || typeof info.lamports !== 'number') return null;
  return { source: info.source, destination: info.destination, lamports: info.lamports };
}
