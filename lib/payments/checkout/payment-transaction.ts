import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetProgram, PublicKey, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import { CURRENCIES, formatAmount, formatHours, type Amount } from '../../catalog/pricing';
import type { PurchaseKind } from './offers';

/** What a checkout asks a payment to do: pay `price` to `recipient`, carrying `reference` (and, for USDC, in `mint`). */
export interface PaymentTerms {
  recipient: string;
  price: Amount;
  reference: string;
  /** A USDC price: the mint it is paid in. */
  mint?: string;
}

/** A checkout's terms and what they buy, for the memo and the wallet's message. */
export interface OrderTerms extends PaymentTerms {
  title: string;
  kind: PurchaseKind;
  hours?: number;
}

/** The chain's side of a transaction: a recent blockhash and the unit price a busy cluster asks (lib/payments/checkout/fee-market.ts). */
export interface ChainTerms {
  blockhash: string;
  lastValidBlockHeight: number;
  /** Micro-lamports per compute unit. */
  unitPriceMicroLamports: number;
}

export const MEMO_PROGRAM_ID = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');

/**
 * What each instruction may consume, at most: the ComputeBudget and System builtins cost 150 units each; SPL Token's
 * transferChecked about 6,200 on the classic program (p-token, mainnet's since 2026, about 100); the Memo program about
 * 250 plus a little per byte (measured on the local chain: 287 units for 51 bytes). A tight limit is what a priority
 * fee is paid on, and what a block packer prefers.
 */
const UNITS = { builtin: 150, tokenTransferChecked: 6_500, memoBase: 300, memoPerByte: 2 } as const;
/** Above the sum, for what the runtime itself takes. */
const UNITS_MARGIN = 1.1;
/** A memo names the order; the title in it is cut to keep the transaction small. */
const MEMO_MAX_BYTES = 120;

/** "Solenema order 7xKXtg2C: Rent The Quiet Frequency (2 days)": the memo, in the wallet's history and on explorers. */
export function orderMemo({ reference, title, kind, hours }: Pick<OrderTerms, 'reference' | 'title' | 'kind' | 'hours'>): string {
  const what = kind === 'rent' ? `Rent ${title} (${formatHours(hours ?? 0)})` : `Unlock ${title}`;
  return truncateUtf8(`Solenema order ${reference.slice(0, 8)}: ${what}`, MEMO_MAX_BYTES);
}

/** What the wallet shows beside the transaction: "Unlock The Quiet Frequency for 0.01 SOL". */
export const orderMessage = ({ title, kind, hours, price }: Pick<OrderTerms, 'title' | 'kind' | 'hours' | 'price'>) =>
  kind === 'rent' ? `Rent ${title} for ${formatHours(hours ?? 0)}: ${formatAmount(price)}` : `Unlock ${title} for ${formatAmount(price)}`;

/** The compute-unit limit of a payment: its instructions' costs and a margin, in whole hundreds. */
export function computeUnitLimit(terms: Pick<PaymentTerms, 'mint'>, memo: string): number {
  const transfer = terms.mint ? UNITS.tokenTransferChecked : UNITS.builtin;
  const units = 2 * UNITS.builtin + transfer + UNITS.memoBase + UNITS.memoPerByte * Buffer.byteLength(memo);
  return Math.ceil((units * UNITS_MARGIN) / 100) * 100;
}

/**
 * The payment a checkout asks for: a SystemProgram transfer payer → recipient for a SOL price, or an SPL Token
 * transferChecked of the mint between the two wallets' associated token accounts for a USDC price, with the
 * checkout's reference riding along as a read-only, non-signer key so the server can find and bind it.
 */
function paymentInstruction(payer: PublicKey, terms: PaymentTerms): TransactionInstruction {
  const transfer = terms.mint ? tokenTransfer(payer, terms, new PublicKey(terms.mint)) : solTransfer(payer, terms);
  transfer.keys.push({ pubkey: new PublicKey(terms.reference), isSigner: false, isWritable: false });
  return transfer;
}

/**
 * The one transaction every way to pay signs (the Phantom button, a Solana Pay transaction request, a Blink): the
 * buyer as fee payer, the chain's blockhash, a compute-unit limit sized to its instructions and the unit price the
 * cluster asks, the transfer with its reference, and a memo naming the order. Legacy, so that every wallet and
 * `@solana/pay`'s fetchTransaction read it.
 */
export function paymentTransaction(payer: PublicKey, order: OrderTerms, chain: ChainTerms): Transaction {
  const memo = orderMemo(order);
  return new Transaction({ feePayer: payer, blockhash: chain.blockhash, lastValidBlockHeight: chain.lastValidBlockHeight }).add(
    ComputeBudgetProgram.setComputeUnitLimit({ units: computeUnitLimit(order, memo) }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: chain.unitPriceMicroLamports }),
    paymentInstruction(payer, order),
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(memo, 'utf8') }),
  );
}

const solTransfer = (payer: PublicKey, { recipient, price }: PaymentTerms): TransactionInstruction =>
  SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(recipient), lamports: price.units });

function tokenTransfer(payer: PublicKey, { recipient, price }: PaymentTerms, mint: PublicKey): TransactionInstruction {
  const source = getAssociatedTokenAddressSync(mint, payer);
  // A multisig's or program's recipient is off the curve: its token account is found all the same.
  const destination = getAssociatedTokenAddressSync(mint, new PublicKey(recipient), true);
  return createTransferCheckedInstruction(source, mint, destination, payer, price.units, CURRENCIES[price.currency].decimals);
}

/** `text` cut to at most `bytes` of UTF-8, never inside a character. */
function truncateUtf8(text: string, bytes: number): string {
  if (Buffer.byteLength(text) <= bytes) return text;
  let cut = '';
  for (const character of text) {
    if (Buffer.byteLength(cut + character + '…') > bytes) break;
    cut += character;
  }
  return `${cut}…`;
}
