import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { countPurchaseIn, recountPurchases } from '@/lib/catalog/purchase-count';
import { writeCatalog } from '@/lib/catalog/seed-writer';
import { testFirestore, type TestFirestore } from '../support/firestore';

let firestore: TestFirestore;
let db: Firestore;

const titles = ['alpha', 'bravo', 'charlie'].map((id, n) => ({
  id,
  path: `series/${id}`,
  data: { title: id, locked: true, publishedAt: `202${5 - n}-01-01` },
}));
const order = async () => (await createCatalog(createFirestoreStore(db, 5_000), { warn: () => {} }).listSeries({ size: 10 }))?.items.map((s) => s.id);

beforeAll(async () => {
  firestore = await testFirestore('demo-popularity');
  db = firestore.db;
  await writeCatalog(db, titles);
});

afterAll(() => firestore.close());

it('moves a bought title up the popular order, and a second purchase further than the newest', async () => {
  expect(await order()).toEqual(['alpha', 'bravo', 'charlie']);
  await countPurchaseIn(db, 'series/charlie/seasons/s1/episodes/e1');
  expect(await order()).toEqual(['charlie', 'alpha', 'bravo']);
  await countPurchaseIn(db, 'series/bravo');
  await countPurchaseIn(db, 'series/bravo');
  expect(await order()).toEqual(['bravo', 'charlie', 'alpha']);
});

it('keeps purchase counts when the catalog is written again, and recount repairs them from the ledger', async () => {
  await writeCatalog(db, titles);
  expect(await order()).toEqual(['bravo', 'charlie', 'alpha']);
  // The ledger knows of two purchases of alpha and nothing else: the counts above were never recorded there.
  for (const signature of ['sig1', 'sig2'])
    await db.doc(`purchases/${signature}`).create({ path: 'series/alpha', verifiedAt: `2026-01-0${signature.at(-1)}T00:00:00Z` });
  await db.doc('series/hand-written').set({ title: 'hand-written', locked: false });
  expect((await recountPurchases(db)).sort()).toEqual(['series/alpha', 'series/bravo', 'series/charlie', 'series/hand-written']);
  expect(await order()).toEqual(['alpha', 'bravo', 'charlie', 'hand-written']);
  expect(await recountPurchases(db)).toEqual([]);
});

it('recounts a ledger longer than one page of the walk (500)', async () => {
  const batch = db.batch();
  for (let i = 0; i < 501; i += 1) {
    batch.create(db.doc(`purchases/many-${String(i).padStart(3, '0')}`), { path: 'series/charlie/seasons/s1', verifiedAt: '2026-02-01T00:00:00Z' });
  }
  await batch.commit();
  expect(await recountPurchases(db)).toEqual(['series/charlie']);
  expect((await db.doc('series/charlie').get()).get('purchaseCount')).toBe(501);
  expect(await order()).toEqual(['charlie', 'alpha', 'bravo', 'hand-written']);
});
