import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { createCheckout, type CheckoutTerms } from '@/lib/payments/checkout/checkout';
import { fixtureDocuments } from '../fixtures/catalog-documents';

const catalog = createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} });
const terms: CheckoutTerms = {
  secret: 'checkout-parts-secret-0123456789abcdef',
  recipient: Keypair.generate().publicKey.toBase58(),
  defaultLamports: 10_000_000,
  usdcMint: Keypair.generate().publicKey.toBase58(),
  cluster: 'cluster',
  catalog,
  checkouts: { recordCheckout: async () => true },
};

describe('a part of a show is never sold below its pass', () => {
  it('refuses an episode its show locks, even one that says locked itself, naming what sells it', async () => {
    expect(await createCheckout({ path: 'shortFilms/locked-film/episodes/l1', kind: 'buy' }, 'browser', terms)).toEqual({
      ok: false,
      code: 'conflict',
      reason: 'Locked One is sold with Locked Film, not alone: buy a pass of Locked Film on its page.',
    });
    expect(await createCheckout({ path: 'series/paid-show/seasons/only/episodes/p1', kind: 'buy' }, 'browser', terms)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('sold with Paid Show'),
    });
  });

  it('sells an episode locked on its own in a free show alone, at the site’s price', async () => {
    expect(await createCheckout({ path: 'series/free-show/seasons/s1/episodes/e1', kind: 'buy' }, 'browser', terms)).toMatchObject({
      ok: true,
      checkout: { path: 'series/free-show/seasons/s1/episodes/e1', price: { currency: 'SOL', units: 10_000_000 } },
    });
  });
});
