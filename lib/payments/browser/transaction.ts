import { PublicKey, SystemProgram, Transaction } from '@solana/web3.js';

export interface PaymentTerms {
  recipient: string;
  lamports: number;
  reference: string;
}

/**
 * The payment a checkout asks for: one SystemProgram transfer, payer → recipient, with the checkout's
 * reference riding along as a read-only, non-signer key so the server can find and bind it.
 */
export function paymentTransaction(payer: PublicKey, terms: PaymentTerms, blockhash: { blockhash: string; lastValidBlockHeight: number }): Transaction {
  const transfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: new PublicKey(terms.recipient), lamports: terms.lamports });
  transfer.keys.push({ pubkey: new PublicKey(terms.reference), isSigner: false, isWritable: false });
  return new Transaction({ feePayer: payer, ...blockhash }).add(transfer);
}
