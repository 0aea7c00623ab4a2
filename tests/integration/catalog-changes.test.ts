import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { syncChangedDocuments } from '@/lib/catalog/sync/changes';
import { writeAsOperator } from '@/e2e/support/hand-written-catalog';
import { handWrittenDocuments } from '../fixtures/hand-written-documents';
import { testFirestore, type TestFirestore } from '../support/firestore';

let firestore: TestFirestore;
let db: Firestore;
const catalog = () => createCatalog(createFirestoreStore(db, 5_000), { warn: () => {} });
const found = async (word: string) => (await catalog().searchEntries(word)).map((entry) => entry.path).sort();

beforeAll(async () => {
  firestore = await testFirestore('demo-catalog-changes');
  db = firestore.db;
  await writeAsOperator(db, handWrittenDocuments);
});

afterAll(() => firestore.close());

/** What a Firestore trigger hands the site: the paths of the documents an edit wrote, one event each. */
describe('syncChangedDocuments (the one handler of "these documents changed")', () => {
  it('indexes exactly the trees of the documents named, and answers them for their reads to expire', async () => {
    const indexed = await syncChangedDocuments(db, ['series/harbor/seasons/one/episodes/e2', 'trailers/orbit', 'searchEntries/x', 'catalogSync/status']);
    expect(indexed.sort()).toEqual(['series/harbor', 'trailers/orbit']);
    expect(await found('storm')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    // The documentary nobody named stays as the operator wrote it.
    expect(await found('deep')).toEqual([]);
  });

  it("the site's own writes, which fire the trigger again, are no news: nothing written, nothing expired", async () => {
    expect(await syncChangedDocuments(db, ['series/harbor', 'trailers/orbit'])).toEqual([]);
  });

  it('a rename of a title nobody opened is found by search under its new name', async () => {
    await db.doc('trailers/orbit').update({ title: 'Orbit Falling' });
    expect(await syncChangedDocuments(db, ['trailers/orbit'])).toEqual(['trailers/orbit']);
    expect(await found('falling')).toEqual(['trailers/orbit']);
    expect(await found('rising')).toEqual([]);
  });

  it('a price change is news of the title: its reads (its tree and its list) are expired, so cards and pages show what the checkout charges', async () => {
    await db.doc('trailers/orbit').update({ locked: true, price: 0.05 });
    expect(await syncChangedDocuments(db, ['trailers/orbit'])).toEqual(['trailers/orbit']);
  });

  it('a deletion removes what the title left in search', async () => {
    for (const path of ['series/harbor/seasons/one/episodes/e1', 'series/harbor/seasons/one/episodes/e2', 'series/harbor/seasons/one', 'series/harbor'])
      await db.doc(path).delete();
    expect(await syncChangedDocuments(db, ['series/harbor'])).toEqual(['series/harbor']);
    expect(await found('storm')).toEqual([]);
    expect(await found('harbor')).toEqual([]);
  });
});
