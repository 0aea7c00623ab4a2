import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { claimCheck, indexChangedTitles, kindsToScan, recordCensus, takeCensus } from '@/lib/catalog/sync/census';
import { createFirestoreStore } from '@/lib/catalog/firestore';
import { writeAsOperator } from '@/e2e/support/hand-written-catalog';
import { doc, handWrittenDocuments } from '../fixtures/hand-written-documents';
import { testFirestore, type TestFirestore } from '../support/firestore';

let firestore: TestFirestore;
let db: Firestore;
const edited: string[] = [];
const catalog = () =>
  createCatalog(
    createFirestoreStore(db, 5_000),
    { warn: () => {} },
    () => true,
    (tree) => edited.push(tree),
  );
const found = async (word: string) => (await catalog().searchEntries(word)).map((entry) => entry.path).sort();

beforeAll(async () => {
  firestore = await testFirestore('demo-changed-titles');
  db = firestore.db;
  await writeAsOperator(db, handWrittenDocuments);
});

afterAll(() => firestore.close());

/** Where no listener runs (Vercel, and a build): counts find what changed, and only the titles are read to locate it. */
describe('the census (no listener)', () => {
  it('indexes a catalog written by hand: every kind unlisted, found by its titles alone', async () => {
    const census = await takeCensus(db);
    expect(census.series).toEqual({ titles: 1, listed: 0, searchable: 0 });
    const { indexed, census: after } = await indexChangedTitles(db, null);
    expect(indexed.sort()).toEqual(['documentaries/deep', 'series/harbor', 'shortFilms/drift', 'trailers/orbit']);
    expect(after.series).toEqual({ titles: 1, listed: 1, searchable: 1 });
    expect((await catalog().listSeries({ size: 10 }))?.items.map((s) => s.title)).toEqual(['Harbor Lights']);
    expect(await found('storm')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    // Nothing moved since: no kind is read again.
    expect(kindsToScan(await takeCensus(db), after)).toEqual([]);
    await recordCensus(db, after);
  });

  it('a title added by hand and a deleted one move the counts; only their trees are indexed', async () => {
    const before = await takeCensus(db);
    await writeAsOperator(db, [doc('trailers/comet', { title: 'Comet Tail', coverimg: '', videourl: '/v/c.mp4', locked: false, type: 'Trailer' })]);
    await db.doc('shortFilms/drift').delete();
    expect(kindsToScan(await takeCensus(db), before).sort()).toEqual(['shortFilms', 'trailers']);
    const { indexed } = await indexChangedTitles(db, before);
    expect(indexed.sort()).toEqual(['shortFilms/drift', 'trailers/comet']);
    expect(await found('comet')).toEqual(['trailers/comet']);
    expect(await found('drift')).toEqual([]);
  });

  it('a title renamed in the console is told by the read that shows it, with no read of its own', async () => {
    await db.doc('series/harbor').update({ title: 'Harbor Nights' });
    edited.length = 0;
    expect((await catalog().listSeries({ size: 10 }))?.items.map((s) => s.title)).toEqual(['Harbor Nights']);
    expect(edited).toEqual(['series/harbor']);
  });

  it('one check per interval across every instance', async () => {
    const claims = await Promise.all([claimCheck(db, 60_000), claimCheck(db, 60_000), claimCheck(db, 60_000)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimCheck(db, 60_000)).toBeNull();
  });

  it('starts no title after its deadline: what it leaves is named, and found again by the next check', async () => {
    const before = await takeCensus(db);
    const trailer = (id: string) => doc(`trailers/${id}`, { title: `Late ${id}`, coverimg: '', videourl: `/v/${id}.mp4`, locked: false, type: 'Trailer' });
    await writeAsOperator(db, [trailer('late-one'), trailer('late-two')]);
    const spent = await indexChangedTitles(db, before, Date.now());
    expect(spent.indexed).toEqual([]);
    expect(spent.left.sort()).toEqual(['trailers/late-one', 'trailers/late-two']);
    // The census from before (not recorded anew) still shows the kind moved: the next check indexes both.
    const { indexed, left } = await indexChangedTitles(db, before);
    expect(indexed.sort()).toEqual(['trailers/late-one', 'trailers/late-two']);
    expect(left).toEqual([]);
  });
});
