import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TitleRef } from '@/lib/catalog/types';
import { fileLedger, firestoreLedger, type Ledger } from '@/lib/payments/ledger/ledger';
import { receiptsFor } from '@/lib/payments/ownership/receipts';
import { testFirestore, type TestFirestore } from '../support/firestore';
import { TEST_CLUSTER, purchaseRecord } from '../support/purchase-record';

const SIG_A = '5'.repeat(87);
const SIG_B = '4'.repeat(88);
const WALLET = 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj';
const BROWSER = 'receipts-browser-0001';

const title = (path: string, name: string): TitleRef => ({ path, title: name, coverimg: `/c/${name}.jpg`, locked: true, pricing: { kind: 'default' } });
const titles: Record<string, TitleRef> = {
  'trailers/a': title('trailers/a', 'A'),
  'series/s': title('series/s', 'S'),
  'trailers/old': title('trailers/old', 'Old'),
};
const catalog = { getTitle: async (path: string) => titles[path] ?? null };

let firestore: TestFirestore;
beforeAll(async () => void (firestore = await testFirestore('demo-receipts')));
afterAll(() => firestore.close());

/** "My purchases" from a ledger as the payment routes fill it (tests/unit/receipts.test.ts covers the rules on a stand-in). */
describe.each<[string, () => Promise<Ledger>]>([
  ['file ledger', async () => fileLedger(await mkdtemp(join(tmpdir(), 'solenema-receipts-')))],
  ['Firestore ledger (emulator)', async () => firestoreLedger(firestore.db, 5_000)],
])('receiptsFor, %s', (_, make) => {
  it('gives each owned title its payment: its own signature, the restoring wallet’s purchase, or none; newest first', async () => {
    const ledger = await make();
    const options = { blockTime: null, reference: 'ref', browser: BROWSER };
    await ledger.create(purchaseRecord(SIG_A, WALLET, 'trailers/a', { ...options, verifiedAt: '2026-11-01T10:00:00.000Z' }));
    await ledger.create(purchaseRecord(SIG_B, WALLET, 'series/s', { ...options, verifiedAt: '2026-11-03T10:00:00.000Z', browser: 'another-browser' }));
    await ledger.grant(BROWSER, 'trailers/a', SIG_A, TEST_CLUSTER);
    await ledger.grant(BROWSER, 'series/s', `restore:${WALLET}`, TEST_CLUSTER);
    await ledger.grant(BROWSER, 'trailers/old', 'legacy-cookie', TEST_CLUSTER);
    await ledger.grant(BROWSER, 'trailers/gone', SIG_A, TEST_CLUSTER);
    expect(await receiptsFor(BROWSER, TEST_CLUSTER, { ledger, catalog })).toEqual([
      { path: 'trailers/old', title: 'Old', coverimg: '/c/Old.jpg', at: expect.any(String), payment: null },
      {
        path: 'series/s',
        title: 'S',
        coverimg: '/c/S.jpg',
        at: '2026-11-03T10:00:00.000Z',
        payment: { signature: SIG_B, price: { currency: 'SOL', units: 10_000_000 }, kind: 'buy', wallet: WALLET },
      },
      {
        path: 'trailers/a',
        title: 'A',
        coverimg: '/c/A.jpg',
        at: '2026-11-01T10:00:00.000Z',
        payment: { signature: SIG_A, price: { currency: 'SOL', units: 10_000_000 }, kind: 'buy', wallet: WALLET },
      },
    ]);
    expect(await receiptsFor('receipts-browser-0002', TEST_CLUSTER, { ledger, catalog })).toEqual([]);
  });
});
