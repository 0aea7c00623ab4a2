import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ComputeBudgetInstruction, ComputeBudgetProgram, Keypair, PublicKey, SystemInstruction, SystemProgram, Transaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { MEMO_PROGRAM_ID, computeUnitLimit, orderMemo, orderMessage, paymentTransaction, type OrderTerms } from '@/lib/payments/checkout/payment-transaction';

const key = () => Keypair.generate().publicKey.toBase58();
const chain = { blockhash: Keypair.generate().publicKey.toBase58(), lastValidBlockHeight: 1_234, unitPriceMicroLamports: 25_000 };
const order = (extra: Partial<OrderTerms> = {}): OrderTerms => ({
  recipient: key(),
  reference: key(),
  price: { currency: 'SOL', units: 10_000_000 },
  title: 'The Quiet Frequency',
  kind: 'buy',
  ...extra,
});

describe('paymentTransaction', () => {
  it('builds the buyer-paid SOL payment: unit limit and price, the exact transfer carrying the reference, and a memo naming the order', () => {
    const payer = Keypair.generate().publicKey;
    const terms = order();
    const built = paymentTransaction(payer, terms, chain);
    // Through the wire and back, as a wallet reads it.
    const read = Transaction.from(built.serialize({ requireAllSignatures: false }));
    expect(read.feePayer?.equals(payer)).toBe(true);
    expect(read.recentBlockhash).toBe(chain.blockhash);
    const [limit, price, transfer, memo] = read.instructions;
    expect(limit!.programId.equals(ComputeBudgetProgram.programId)).toBe(true);
    expect(ComputeBudgetInstruction.decodeSetComputeUnitLimit(limit!).units).toBe(computeUnitLimit(terms, orderMemo(terms)));
    expect(Number(ComputeBudgetInstruction.decodeSetComputeUnitPrice(price!).microLamports)).toBe(25_000);
    expect(transfer!.programId.equals(SystemProgram.programId)).toBe(true);
    expect(SystemInstruction.decodeTransfer(transfer!)).toMatchObject({ lamports: 10_000_000n });
    expect(SystemInstruction.decodeTransfer(transfer!).toPubkey.toBase58()).toBe(terms.recipient);
    expect(transfer!.keys.at(-1)).toMatchObject({ isSigner: false, isWritable: false });
    expect(transfer!.keys.at(-1)!.pubkey.toBase58()).toBe(terms.reference);
    expect(memo!.programId.equals(MEMO_PROGRAM_ID)).toBe(true);
    expect(memo!.data.toString('utf8')).toBe(`Solenema order ${terms.reference.slice(0, 8)}: Unlock The Quiet Frequency`);
    // Only the buyer signs: one signature slot.
    expect(read.signatures.map((entry) => entry.publicKey.toBase58())).toEqual([payer.toBase58()]);
  });

  it('pays a USDC price with transferChecked between the associated token accounts, with a larger unit limit', () => {
    const payer = Keypair.generate().publicKey;
    const mint = key();
    const terms = order({ price: { currency: 'USDC', units: 2_500_000 }, mint, kind: 'rent', hours: 48 });
    const [, , transfer, memo] = paymentTransaction(payer, terms, chain).instructions;
    const accounts = transfer!.keys.map((entry) => entry.pubkey.toBase58());
    expect(accounts.slice(0, 4)).toEqual([
      getAssociatedTokenAddressSync(new PublicKey(mint), payer).toBase58(),
      mint,
      getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(terms.recipient), true).toBase58(),
      payer.toBase58(),
    ]);
    expect(accounts.at(-1)).toBe(terms.reference);
    expect(memo!.data.toString('utf8')).toBe(`Solenema order ${terms.reference.slice(0, 8)}: Rent The Quiet Frequency (2 days)`);
    expect(computeUnitLimit(terms, orderMemo(terms))).toBeGreaterThan(computeUnitLimit(order(), orderMemo(order())));
  });

  it('keeps the memo within 120 bytes of UTF-8 whatever the title, and words the wallet message with the price', () => {
    const long = order({ title: 'Ünïcödé '.repeat(40) });
    expect(Buffer.byteLength(orderMemo(long))).toBeLessThanOrEqual(120);
    expect(orderMemo(long).endsWith('…')).toBe(true);
    expect(orderMessage(order())).toBe('Unlock The Quiet Frequency for 0.01 SOL');
    expect(orderMessage(order({ kind: 'rent', hours: 48 }))).toBe('Rent The Quiet Frequency for 2 days: 0.01 SOL');
  });

  it('asks a tight unit limit: at most 2,000 units for SOL, 8,000 for USDC, in whole hundreds', () => {
    const sol = order();
    const usdc = order({ price: { currency: 'USDC', units: 1 }, mint: key() });
    for (const [terms, most] of [
      [sol, 2_000],
      [usdc, 8_000],
    ] as const) {
      const limit = computeUnitLimit(terms, orderMemo(terms));
      expect(limit).toBeLessThanOrEqual(most);
      expect(limit % 100).toBe(0);
    }
  });
});
