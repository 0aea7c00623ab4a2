import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { beforeEach, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { createCheckout, type CheckoutTerms, type StoredCheckout } from '@/lib/payments/checkout/checkout';
import { claimPayment, type ClaimDeps } from '@/lib/payments/confirm/claim-payment';
import type { PaymentFacts } from '@/lib/payments/chain/payment-facts';
import { fileLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { giftFiles } from '@/lib/payments/gifts/gift-files';
import { giftId, giftRecorderOf, giftToken, isGiftToken, tokenOfGift, type GiftLedger } from '@/lib/payments/gifts/gift-records';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { TEST_CLUSTER, TEST_DEFAULT_LAMPORTS } from '../support/purchase-record';

const SECRET = 'gift-test-secret-0123456789abcdef';
const GIVER = 'browser-giver-0123456789';
const RECIPIENT = Keypair.generate().publicKey.toBase58();
const PAYER = Keypair.generate().publicKey.toBase58();
const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });

let ledger: Ledger;
let gifts: GiftLedger;
let stored: StoredCheckout[];
beforeEach(async () => {
  const dir = await mkdtemp(join(tmpdir(), 'solenema-gift-payments-'));
  ledger = fileLedger(dir);
  gifts = giftFiles(dir, ledger);
  stored = [];
});

const terms = (): CheckoutTerms => ({
  secret: SECRET,
  recipient: RECIPIENT,
  defaultLamports: TEST_DEFAULT_LAMPORTS,
  usdcMint: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
  cluster: TEST_CLUSTER,
  catalog,
  // A rental this browser paid would count toward buying: never toward a gift.
  rentalCredit: async () => ({ currency: 'SOL', units: 4_000_000 }),
  checkouts: { recordCheckout: async (checkout) => (stored.push(checkout), ledger.recordCheckout(checkout)) },
});

/** What the chain says of a payment of `checkout`: the payer's transfer to the recipient, carrying its reference. */
const factsOf = (checkout: StoredCheckout): PaymentFacts => ({
  slot: 1,
  blockTime: null,
  failed: false,
  accounts: [PAYER, RECIPIENT, checkout.reference],
  signers: [PAYER],
  referenceCandidates: [checkout.reference],
  lamportChanges: [
    { account: PAYER, lamports: -checkout.price.units },
    { account: RECIPIENT, lamports: checkout.price.units },
  ],
  tokenChanges: [],
});

const deps = (): ClaimDeps => ({ ledger, catalog, cluster: TEST_CLUSTER, defaultLamports: TEST_DEFAULT_LAMPORTS, gifts: giftRecorderOf(gifts, SECRET) });
const SIGNATURE = '5'.repeat(88);

describe('a gift checkout', () => {
  it('is bought to own, at the full price: the giver’s rental credit does not count', async () => {
    expect(await createCheckout({ path: 'trailers/c-vault', kind: 'rent', gift: true }, GIVER, terms())).toMatchObject({ ok: false, code: 'invalid_request' });
    const own = await createCheckout({ path: 'trailers/c-vault', kind: 'buy' }, GIVER, terms());
    const gift = await createCheckout({ path: 'trailers/c-vault', kind: 'buy', gift: true }, GIVER, terms());
    expect(own.ok && gift.ok && gift.checkout.price.units - own.checkout.price.units).toBe(4_000_000);
    expect(stored.map((checkout) => checkout.gift)).toEqual([undefined, true]);
  });

  it('grants its payment to no one: it records a gift, by the hash of its link, for the giver to send', async () => {
    const started = await createCheckout({ path: 'trailers/c-vault', kind: 'buy', gift: true }, GIVER, terms());
    if (!started.ok) throw new Error(started.reason);
    const checkout = stored[0]!;
    const claimed = await claimPayment(checkout, SIGNATURE, factsOf(checkout), GIVER, deps());
    expect(claimed.ok && claimed.purchase.gift).toBe(true);
    expect(await ledger.ownedBy(GIVER, TEST_CLUSTER)).toEqual([]);
    // The payer's restore does not bring it back either: a gift is its claimer's.
    expect(await ledger.byWallet(PAYER, TEST_CLUSTER)).toEqual([]);

    const token = giftToken(SECRET, SIGNATURE);
    const gift = await gifts.get(giftId(token));
    expect(gift).toMatchObject({ signature: SIGNATURE, path: 'trailers/c-vault', giver: GIVER, cluster: TEST_CLUSTER });
    expect(JSON.stringify(gift)).not.toContain(token);

    // A retry of the same payment is answered as before and records nothing new.
    expect((await claimPayment(checkout, SIGNATURE, factsOf(checkout), GIVER, deps())).ok).toBe(true);
    expect(await gifts.givenBy(GIVER, TEST_CLUSTER)).toHaveLength(1);
    expect(await ledger.ownedBy(GIVER, TEST_CLUSTER)).toEqual([]);
  });
});

describe('a gift link', () => {
  it('is a secret only the server’s key makes, shown again after a key rotation, and anything else is no link', () => {
    const token = giftToken(SECRET, SIGNATURE);
    expect(isGiftToken(token)).toBe(true);
    expect(giftToken('another-key-0123456789abcdef0123', SIGNATURE)).not.toBe(token);
    expect(tokenOfGift(['new-key-0123456789abcdef012345678', SECRET], { signature: SIGNATURE, id: giftId(token) })).toBe(token);
    expect(tokenOfGift('new-key-0123456789abcdef012345678', { signature: SIGNATURE, id: giftId(token) })).toBeNull();
    for (const junk of ['', 'abc', `${token}x`, token.replace(/.$/, '!'), '../'.repeat(15)]) expect(isGiftToken(junk)).toBe(false);
  });
});
