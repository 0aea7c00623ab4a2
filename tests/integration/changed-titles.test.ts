import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { censusStep, checkCatalog, claimCheck, kindsToScan, recordCheck, takeCensus } from '@/lib/catalog/sync/census';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
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
    const { indexed, census: after, pass } = await censusStep(db, null, null);
    expect(pass).toBeNull();
    expect(indexed.sort()).toEqual(['documentaries/deep', 'series/harbor', 'shortFilms/drift', 'trailers/orbit']);
    expect(after!.series).toEqual({ titles: 1, listed: 1, searchable: 1 });
    expect((await catalog().listSeries({ size: 10 }))?.items.map((s) => s.title)).toEqual(['Harbor Lights']);
    expect(await found('storm')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    // Nothing moved since: no kind is read again.
    expect(kindsToScan(await takeCensus(db), after)).toEqual([]);
    await recordCheck(db, { census: after, pass: null });
  });

  it('a title added by hand and a deleted one move the counts; only their trees are indexed', async () => {
    const before = await takeCensus(db);
    await writeAsOperator(db, [doc('trailers/comet', { title: 'Comet Tail', coverimg: '', videourl: '/v/c.mp4', locked: false, type: 'Trailer' })]);
    await db.doc('shortFilms/drift').delete();
    expect(kindsToScan(await takeCensus(db), before).sort()).toEqual(['shortFilms', 'trailers']);
    const { indexed } = await censusStep(db, before, null);
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

  it('a pass goes a page a check when its time is spent: its place is kept, and every title written meanwhile is found', async () => {
    const before = await takeCensus(db);
    await recordCheck(db, { census: before, pass: null });
    const trailer = (id: string) => doc(`trailers/${id}`, { title: `Late ${id}`, coverimg: '', videourl: `/v/${id}.mp4`, locked: false, type: 'Trailer' });
    // More than two pages of trailers, one of them deleted: a kind larger than one check may read.
    const late = Array.from({ length: 230 }, (_, n) => trailer(`late-${String(n).padStart(3, '0')}`));
    await writeAsOperator(db, late);
    await db.doc('trailers/orbit').delete();
    const steps: { checked: number; indexed: number }[] = [];
    const indexed: string[] = [];
    for (let check = 0; check < 400; check += 1) {
      const step = await checkCatalog(db, 0, Date.now());
      steps.push({ checked: step!.checked, indexed: step!.indexed.length });
      indexed.push(...step!.indexed);
      if (!step!.pass) break;
      // What the next check starts from is in Firestore, not in this process.
      expect((await db.doc('catalogSync/census').get()).get('pass')).toEqual(step!.pass);
    }
    // A page a check (100 titles or entries at most), as many checks as the pages need, and nothing indexed twice.
    expect(Math.max(...steps.map((step) => step.checked))).toBeLessThanOrEqual(100);
    expect(steps.length).toBeGreaterThanOrEqual(4);
    expect(indexed.sort()).toEqual([...late.map((title) => title.path), 'trailers/orbit'].sort());
    expect(await found('229')).toEqual(['trailers/late-229']);
    expect(await found('orbit')).toEqual([]);
    // The pass ended: the census kept is the catalog as it stands, so the next check reads no title.
    expect((await checkCatalog(db, 0, Infinity))!.checked).toBe(0);
    // A title added alone: its kind's titles are read, not its entries (search knows no more titles than are listed).
    await writeAsOperator(db, [trailer('late-230')]);
    const added = (await checkCatalog(db, 0, Infinity))!;
    expect(added.indexed).toEqual(['trailers/late-230']);
    expect(added.checked).toBe((await db.collection('trailers').count().get()).data().count);
  });

  it('a pass kept in a form that is not ours is dropped for a new census rather than failing', async () => {
    await db.doc('catalogSync/census').set({ pass: { stretches: [{ kind: 'sideways', phase: 'titles' }], place: { stretch: 7 } } }, { merge: true });
    expect(await checkCatalog(db, 0, Infinity)).toMatchObject({ checked: 0, pass: null });
  });
});
