import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import { PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { CURRENCIES, type Amount } from '../../catalog/pricing';

export interface PaymentTerms {
  recipient: string;
  price: Amount;
  reference: string;
  /** A USDC price: the mint it is paid in. */
  mint?: string;
}

/**
 * The payment a checkout asks for: a SystemProgram transfer payer → recipient for a SOL price, or an SPL Token
 * transferChecked of the mint between the two wallets' associated token accounts for a USDC price, with the
 * checkout's reference riding along as a read-only, non-signer key so the server can find and bind it.
 */
export function paymentTransaction(payer: PublicKey, terms: PaymentTerms, blockhash: { blockhash: string; lastValidBlockHeight: number }): Transaction {
  const transfer = terms.mint ? tokenTransfer(payer, terms, new PublicKey(terms.mint)) : solTransfer(payer, terms);
  transfer.keys.push({ pubkey: new PublicKey(terms.reference), isSigner: false, isWritable: false });
  return new Transaction({ feePayer: payer, ...blockhash }).add(transfer);
}

const solTransfer = (payer: PublicKey, { recipient, price }: PaymentTerms): TransactionInstruction =>
  SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(recipient), lamports: price.units });

function tokenTransfer(payer: PublicKey, { recipient, price }: PaymentTerms, mint: PublicKey): TransactionInstruction {
  const source = getAssociatedTokenAddressSync(mint, payer);
  // A multisig's or program's recipient is off the curve: its token account is found all the same.
  const destination = getAssociatedTokenAddressSync(mint, new PublicKey(recipient), true);
  return createTransferCheckedInstruction(source, mint, destination, payer, price.units, CURRENCIES[price.currency].decimals);
}
