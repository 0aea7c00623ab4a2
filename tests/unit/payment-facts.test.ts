import { describe, expect, it } from 'vitest';
import type { StoredCheckout } from '@/lib/payments/checkout';
import { judgePayment, receivedBy, type PaymentFacts } from '@/lib/payments/payment-facts';

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
