import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram, type ParsedTransactionWithMeta } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { StoredCheckout } from '@/lib/payments/checkout/checkout';
import { judgePayment, paymentFacts, receivedBy, type PaymentFacts } from '@/lib/payments/chain/payment-facts';

const RECIPIENT = 'Recipient1111111111111111111111111111111111';
const PAYER = 'Payer11111111111111111111111111111111111111';
const REFERENCE = 'Reference111111111111111111111111111111111';
const USDC = 'Usdc1111111111111111111111111111111111111111';
const OTHER_MINT = 'Other111111111111111111111111111111111111111';

const checkout = (price: StoredCheckout['price'], mint?: string): StoredCheckout => ({
  reference: REFERENCE,
  path: 'documentaries/the-ice-archive',
  title: 'The Ice Archive',
  recipient: RECIPIENT,
  price,
  kind: 'buy',
  ...(mint && { mint }),
  issuedAt: Date.now(),
  expiresAt: Date.now() + 60_000,
  holder: 'h',
  browser: 'b',
  cluster: 'c',
});

const facts = (over: Partial<PaymentFacts>): PaymentFacts => ({
  slot: 1,
  blockTime: Math.floor(Date.now() / 1000),
  failed: false,
  accounts: [PAYER, RECIPIENT, REFERENCE],
  signers: [PAYER],
  referenceCandidates: [REFERENCE],
  lamportChanges: [],
  tokenChanges: [],
  ...over,
});

/** `lamports` from the payer (who also pays the fee) to the recipient, as the node's balances show it. */
const sol = (lamports: number) => ({
  lamportChanges: [
    { account: PAYER, lamports: -lamports - 5_000 },
    { account: RECIPIENT, lamports },
  ],
});

/** A transferChecked of `units` of `mint` from the payer to the recipient, as the node's token balances show it. */
const tokens = (units: number, mint = USDC) => ({
  tokenChanges: [
    { owner: PAYER, mint, units: -units },
    { owner: RECIPIENT, mint, units },
  ],
});

describe('judgePayment: what a transaction paid a checkout, by its currency', () => {
  const usdc = checkout({ currency: 'USDC', units: 2_500_000 }, USDC);

  it('takes a USDC price paid by the recipient’s balance of the checkout’s mint, from a signer', () => {
    expect(judgePayment(facts(tokens(2_500_000)), usdc)).toEqual({ payer: PAYER, amount: { currency: 'USDC', units: 2_500_000 } });
  });

  it.each<[string, Partial<PaymentFacts>]>([
    ['2.49 USDC', tokens(2_490_000)],
    ['the price in another mint', tokens(2_500_000, OTHER_MINT)],
    ['SOL for a USDC price', sol(10_000_000_000)],
    ['tokens from no signer of the transaction', { ...tokens(2_500_000), signers: [] }],
  ])('refuses %s, saying what it lacks', (_, over) => {
    expect(judgePayment(facts(over), usdc)).toBe(`The transaction does not transfer at least 2.50 USDC of mint ${USDC} to the recipient.`);
  });

  it('refuses tokens for a SOL price', () => {
    expect(judgePayment(facts(tokens(50_000_000)), checkout({ currency: 'SOL', units: 50_000_000 }))).toBe(
      'The transaction does not transfer at least 50000000 lamports to the recipient.',
    );
  });

  it('refuses a USDC payment that does not carry the checkout’s reference', () => {
    expect(judgePayment(facts({ ...tokens(2_500_000), accounts: [PAYER, RECIPIENT] }), usdc)).toBe('The transaction does not carry this checkout’s reference.');
  });
});

describe('receivedBy: what any transfer brought the recipient, for the studio', () => {
  it('names SOL sent to it and the site’s USDC its account gained, with who paid; another token and a failed transaction bring nothing', () => {
    expect(receivedBy(facts(sol(7)), RECIPIENT, USDC)).toEqual({
      payer: PAYER,
      amount: { currency: 'SOL', units: 7 },
    });
    expect(receivedBy(facts(tokens(2_000_000)), RECIPIENT, USDC)).toEqual({ payer: PAYER, amount: { currency: 'USDC', units: 2_000_000 } });
    expect(receivedBy(facts(tokens(2_000_000, OTHER_MINT)), RECIPIENT, USDC)).toBeNull();
    expect(receivedBy(facts({ ...tokens(2_000_000), failed: true }), RECIPIENT, USDC)).toBeNull();
    expect(
      receivedBy(
        facts({
          lamportChanges: [
            { account: RECIPIENT, lamports: -7 },
            { account: PAYER, lamports: 7 },
          ],
        }),
        RECIPIENT,
        USDC,
      ),
    ).toBeNull();
  });
});

describe('paymentFacts: a transaction as a node answers it (jsonParsed)', () => {
  const key = () => Keypair.generate().publicKey;
  const [member, vault, recipient, reference, smartWallet] = [key(), key(), key(), key(), key()];
  const account = (pubkey: PublicKey, signer: boolean, writable: boolean) => ({ pubkey, signer, writable, source: 'transaction' as const });

  /**
   * A smart wallet's payment (a multisig program moving its vault's SOL in an inner instruction), as a node answers it:
   * the member signs and pays the fee, the vault (no signer) loses the price, with the wallet's own ComputeBudget and
   * Memo instructions around it. No SBF program can be built here, so it is the node's JSON, not a run.
   */
  const throughProgram = (lamports: number): ParsedTransactionWithMeta => ({
    slot: 9,
    blockTime: Math.floor(Date.now() / 1000),
    version: 1,
    transaction: {
      signatures: ['sig'],
      message: {
        accountKeys: [
          account(member, true, true),
          account(vault, false, true),
          account(recipient, false, true),
          account(reference, false, false),
          account(smartWallet, false, false),
          account(SystemProgram.programId, false, false),
          account(ComputeBudgetProgram.programId, false, false),
        ],
        recentBlockhash: 'hash',
        instructions: [
          { programId: ComputeBudgetProgram.programId, accounts: [], data: '3DTZbgwsozUF' },
          { programId: smartWallet, accounts: [vault, recipient, reference, SystemProgram.programId], data: '2' },
          { programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'), program: 'spl-memo', parsed: 'from my vault' },
        ],
      },
    },
    meta: {
      err: null,
      fee: 5_000,
      preBalances: [1_000_000_000, 500_000_000, 1_000_000, 0, 1, 1, 1],
      postBalances: [1_000_000_000 - 5_000, 500_000_000 - lamports, 1_000_000 + lamports, 0, 1, 1, 1],
      innerInstructions: [
        {
          index: 1,
          instructions: [
            {
              programId: SystemProgram.programId,
              program: 'system',
              parsed: { type: 'transfer', info: { source: vault.toBase58(), destination: recipient.toBase58(), lamports } },
            },
          ],
        },
      ],
      preTokenBalances: [],
      postTokenBalances: [],
      logMessages: [],
    },
  });

  it('credits a payment made through a program (money moved in an inner instruction) by what the recipient received', () => {
    const read = paymentFacts(throughProgram(10_000_000));
    expect(read.referenceCandidates).toContain(reference.toBase58());
    const owed = { ...checkout({ currency: 'SOL', units: 10_000_000 }), recipient: recipient.toBase58(), reference: reference.toBase58() };
    // The member who signed is the wallet that restores it: the vault signs nothing.
    expect(judgePayment(read, owed)).toEqual({ payer: member.toBase58(), amount: { currency: 'SOL', units: 10_000_000 } });
    expect(judgePayment(paymentFacts(throughProgram(9_999_999)), owed)).toMatch(/does not transfer at least 10000000 lamports/);
  });
});
