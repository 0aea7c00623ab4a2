import type { Purchase } from '@/lib/payments/ledger/ledger';

/** The genesis hash the tests' purchases are made on (any string stands for a cluster). */
export const TEST_CLUSTER = 'test-cluster-genesis-hash';
/** PRICE_LAMPORTS of the tests' site: what their checkouts charge for a title without a price of its own. */
export const TEST_DEFAULT_LAMPORTS = 10_000_000;

/** A verified purchase as the ledger stores it, with the fields a test does not care about filled in. */
export const purchaseRecord = (signature: string, wallet: string, path = 'trailers/a', extra: Partial<Purchase> = {}): Purchase => ({
  signature,
  wallet,
  path,
  price: { currency: 'SOL', units: 10_000_000 },
  kind: 'buy',
  slot: 1,
  blockTime: 1,
  verifiedAt: new Date().toISOString(),
  reference: 'r',
  cluster: TEST_CLUSTER,
  ...extra,
});
