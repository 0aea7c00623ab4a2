import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { scanStep } from '@/lib/catalog/sync/scan';
import { KIND_LIST } from '@/lib/catalog/kinds';
import { writeAsOperator } from '@/e2e/support/hand-written-catalog';
import { doc, handWrittenDocuments } from '../fixtures/hand-written-documents';
import { testFirestore, type TestFirestore } from '../support/firestore';

let firestore: TestFirestore;
let db: Firestore;
const catalog = () => createCatalog(createFirestoreStore(db, 5_000), { warn: () => {} });
const found = async (word: string) => (await catalog().searchEntries(word)).map((entry) => entry.path).sort();
/** More trailers than one page of the scan. */
const trailers = Array.from({ length: 230 }, (_, n) =>
  doc(`trailers/t${String(n).padStart(3, '0')}`, { title: `Trailer ${n}`, coverimg: '', videourl: '/v/t.mp4', locked: false, type: 'Trailer' }),
);

beforeAll(async () => {
  firestore = await testFirestore('demo-catalog-scan');
  db = firestore.db;
  await writeAsOperator(db, [...handWrittenDocuments, ...trailers]);
});

afterAll(() => firestore.close());

/** The cron's fallback where no trigger and no listener runs: bounded steps, its place kept in Firestore. */
describe('scanStep', () => {
  it('given time, a step ends with a whole pass: every title written by hand is indexed', async () => {
    const step = await scanStep(db, Infinity);
    expect(step.indexed).toHaveLength(4 + trailers.length);
    expect(step.cursor).toEqual({ stretch: 0, after: null, passes: 1 });
    expect(await found('storm')).toEqual(['series/harbor/seasons/one/episodes/e2']);
  });

  it('a short step reads one page and goes on from there the next call; an edit beneath a title and a deleted title are found', async () => {
    await db.doc('series/harbor/seasons/one/episodes/e2').update({ title: 'Gale' });
    await db.doc('trailers/t005').delete();
    const checked: number[] = [];
    const indexed: string[] = [];
    for (let call = 0; call < 400; call += 1) {
      const step = await scanStep(db, Date.now() + 1);
      checked.push(step.checked);
      indexed.push(...step.indexed);
      if (step.cursor.passes === 2) break;
    }
    // Never more than a page a call, and the pass ended within the calls its pages need.
    expect(Math.max(...checked)).toBeLessThanOrEqual(100);
    expect(checked.length).toBeGreaterThan(3);
    expect(indexed.sort()).toEqual(['series/harbor', 'trailers/t005']);
    expect(await found('gale')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    expect(await found('storm')).toEqual([]);
  });

  it("a page of trees longer than the step's time is cut: the next step starts at the first tree left", async () => {
    const films = Array.from({ length: 30 }, (_, n) =>
      doc(`documentaries/d${String(n).padStart(2, '0')}`, { title: `Film ${n}`, coverimg: '', videourl: '/v/d.mp4', locked: false, type: 'Documentary' }),
    );
    await writeAsOperator(db, films);
    const stretch = KIND_LIST.indexOf('documentaries') * 2;
    await db.doc('catalogSync/scan').set({ stretch, after: null, passes: 5 });
    // No time left: the first tree is indexed (every step moves on), the page's other 29 wait for the next steps.
    expect(await scanStep(db, 0)).toMatchObject({ indexed: ['documentaries/d00'], cursor: { stretch, after: 'd00', passes: 5 } });
    expect(await scanStep(db, 0)).toMatchObject({ indexed: ['documentaries/d01'], cursor: { stretch, after: 'd01', passes: 5 } });
    expect((await scanStep(db, Infinity)).indexed.sort()).toEqual(films.slice(2).map((film) => film.path));
  });

  it('a cursor that is not ours starts the scan again rather than failing', async () => {
    await db.doc('catalogSync/scan').set({ stretch: 99, after: 7 });
    // From the start: the one series read, the series' entries next.
    expect((await scanStep(db, 0)).cursor).toEqual({ stretch: 1, after: null, passes: 0 });
  });
});
