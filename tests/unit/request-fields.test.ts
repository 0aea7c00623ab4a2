import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { payerSchema, signatureSchema, walletSchema } from '@/lib/payments/checkout/request-fields';

/**
 * A real node refuses a whole call for one signature or address it cannot parse (agave's verify_signature):
 * none may pass the body check, or one visitor's junk would fail every other buyer's question beside it.
 */
describe('the signatures and wallets a request names', () => {
  it('takes a signature only as base58 of exactly 64 bytes', () => {
    const real = bs58.encode(Keypair.generate().secretKey);
    expect(signatureSchema.safeParse(real).success).toBe(true);
    for (const junk of [
      '2'.repeat(64),
      '2'.repeat(87),
      bs58.encode(new Uint8Array(63).fill(7)),
      bs58.encode(new Uint8Array(65).fill(7)),
      `${real}0`,
      '',
      'z'.repeat(89),
    ]) {
      expect(signatureSchema.safeParse(junk).success, junk).toBe(false);
    }
    expect(signatureSchema.safeParse('2'.repeat(64)).error?.issues[0]?.message).toMatch(/base58 of 64 bytes/);
  });

  it('takes a wallet only as base58 of exactly 32 bytes', () => {
    expect(walletSchema.safeParse(Keypair.generate().publicKey.toBase58()).success).toBe(true);
    for (const junk of ['1'.repeat(31), 'z'.repeat(44), '2'.repeat(40), bs58.encode(new Uint8Array(33).fill(9)), 'not-base58-0OIl']) {
      expect(walletSchema.safeParse(junk).success, junk).toBe(false);
    }
  });

  it('refuses as a payer, without throwing, what is no wallet at all, and an address no key signs for', () => {
    for (const junk of ['not-a-wallet', 'not-base58-0OIl', '', '1'.repeat(31)]) expect(payerSchema.safeParse(junk).success, junk).toBe(false);
    const [programAddress] = PublicKey.findProgramAddressSync([Buffer.from('vault')], SystemProgram.programId);
    expect(payerSchema.safeParse(programAddress.toBase58()).success).toBe(false);
    expect(payerSchema.safeParse(Keypair.generate().publicKey.toBase58()).success).toBe(true);
  });
});
