import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Connection, Keypair, type PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startLocalChain, type LocalChain } from '@/e2e/support/chain';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import type { Catalog } from '@/lib/catalog/types';
import type { CheckoutTerms } from '@/lib/payments/checkout/checkout';
import { fileLedger, firestoreLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { fixtureDocuments } from '../fixtures/catalog-documents';
import { emptyProject, testFirestore, type TestFirestore } from './firestore';
import { TEST_CLUSTER } from './purchase-record';

export interface PaymentTestbed {
  /** Receives the payments; funded, so a transfer to it needs no rent-exemption check. */
  recipient: PublicKey;
  /** The fixture catalog (tests/fixtures/catalog-documents.ts). */
  catalog: Catalog;
  chain: LocalChain;
  connection: Connection;
  /** A fresh ledger for each test: in files, or in an emptied project of the Firestore emulator. */
  ledger: Ledger;
  /** The file ledger's folder ('' for a ledger in Firestore). */
  ledgerDir: string;
}

/**
 * What the payment integration tests stand on: a real local chain for the file (on `port`), the fixture
 * catalog, and a fresh ledger for every test, in files or in Firestore (as in production). Its fields are set
 * by the suite's hooks: read them in tests.
 */
export function paymentTestbed(port: number, { ledger = 'file' }: { ledger?: 'file' | 'firestore' } = {}): PaymentTestbed {
  const bed = { recipient: Keypair.generate().publicKey, catalog: createCatalog(createLocalStore(fixtureDocuments), { warn: () => {} }) } as PaymentTestbed;
  beforeAll(async () => {
    bed.chain = await startLocalChain({ port });
    bed.connection = new Connection(bed.chain.url, 'confirmed');
    await bed.chain.airdrop(bed.recipient, 1_000_000_000);
  });
  afterAll(() => bed.chain.stop());
  let firestore: TestFirestore | undefined;
  if (ledger === 'firestore') {
    beforeAll(async () => void (firestore = await testFirestore(`demo-payments-${port}`)));
    afterAll(() => firestore?.close());
  }
  beforeEach(async () => {
    if (firestore) {
      await emptyProject(firestore.projectId);
      bed.ledgerDir = '';
      bed.ledger = firestoreLedger(firestore.db, 5_000);
      return;
    }
    bed.ledgerDir = await mkdtemp(join(tmpdir(), 'solenema-ledger-'));
    bed.ledger = fileLedger(bed.ledgerDir);
  });
  return bed;
}

/** A new wallet with 2 SOL on the testbed's chain. */
export async function fundedWallet(bed: PaymentTestbed): Promise<Keypair> {
  const wallet = Keypair.generate();
  await bed.chain.airdrop(wallet.publicKey, 2_000_000_000);
  return wallet;
}

/** A mint address no checkout of these tests prices in (their titles are priced in SOL). */
const TEST_USDC_MINT = '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU';

/** Checkout terms paying the testbed's recipient, kept in each test's own ledger. */
export const checkoutTerms = (bed: PaymentTestbed, secret: string, lamports: number): CheckoutTerms => ({
  secret,
  recipient: bed.recipient.toBase58(),
  defaultLamports: lamports,
  usdcMint: TEST_USDC_MINT,
  cluster: TEST_CLUSTER,
  catalog: bed.catalog,
  checkouts: { recordCheckout: (checkout) => bed.ledger.recordCheckout(checkout) },
});
