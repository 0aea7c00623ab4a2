import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { daysBetween, type FiguresStore } from '@/lib/figures/daily';
import { fileFigures } from '@/lib/figures/files';
import { SHARDS, firestoreFigures } from '@/lib/figures/day-shards';
import { readsSoFar } from '@/lib/firestore-reads';
import { testFirestore, type TestFirestore } from '../support/firestore';

const TODAY = '2026-11-28';

/** Both stores promise the same figures: sums per title and day, a mark counted once. */
function figuresContract(name: string, make: () => Promise<FiguresStore>) {
  describe(`figures contract: ${name}`, () => {
    it('adds up a title’s figures per day, amounts per currency, titles apart', async () => {
      const store = await make();
      await Promise.all([
        store.add('2026-11-27', 'series/a', { purchases: 1, amounts: { SOL: 10 } }),
        store.add('2026-11-27', 'series/a', { rentals: 1, amounts: { SOL: 5, USDC: 2_500_000 } }),
        store.add('2026-11-27', 'movies/b', { plays: 1 }),
        store.add(TODAY, 'series/a', { plays: 2, completions: 1 }),
      ]);
      const days = await store.days('2026-11-26', TODAY, TODAY);
      expect([...days.keys()]).toEqual(['2026-11-27', TODAY]);
      expect(days.get('2026-11-27')).toEqual({ 'series/a': { purchases: 1, rentals: 1, amounts: { SOL: 15, USDC: 2_500_000 } }, 'movies/b': { plays: 1 } });
      expect(days.get(TODAY)).toEqual({ 'series/a': { plays: 2, completions: 1 } });
      // Read again (a past day merged once): the same figures; today alone too.
      expect(await store.days('2026-11-26', TODAY, TODAY)).toEqual(days);
      expect(await store.days(TODAY, TODAY, TODAY)).toEqual(new Map([[TODAY, days.get(TODAY)]]));
    });

    it('counts a mark once however often and however concurrently it is made', async () => {
      const store = await make();
      const marks = await Promise.all(Array.from({ length: 10 }, () => store.markOnce('key-1', TODAY)));
      expect(marks.filter(Boolean)).toHaveLength(1);
      expect(await store.markOnce('key-2', TODAY)).toBe(true);
    });
  });
}

figuresContract('files', async () => fileFigures(await mkdtemp(join(tmpdir(), 'solenema-figures-'))));

const projects: TestFirestore[] = [];
afterAll(() => Promise.all(projects.map((project) => project.close())));
const firestoreProject = async (id: string) => {
  const project = await testFirestore(id);
  projects.push(project);
  return project;
};

figuresContract('Firestore (emulator)', async () => firestoreFigures((await firestoreProject('demo-figures-contract')).db, 5_000));

describe('Firestore figures', () => {
  it('read a month as one document a day once its days are over (and today’s shards), whatever was written', async () => {
    const { db } = await firestoreProject('demo-figures-month');
    const store = firestoreFigures(db, 5_000);
    const month = daysBetween('2026-10-30', TODAY);
    for (const day of month)
      await Promise.all(Array.from({ length: 20 }, (_, i) => store.add(day, `movies/m${i % 7}`, { plays: 1, purchases: 1, amounts: { SOL: 1 } })));
    await store.days(month[0]!, TODAY, TODAY);
    const before = readsSoFar();
    const days = await store.days(month[0]!, TODAY, TODAY);
    const reads = readsSoFar() - before;
    // 29 past days, one document each, and today's shards.
    expect(reads).toBe(month.length - 1 + SHARDS);
    expect(days.get('2026-11-01')!['movies/m0']).toEqual({ plays: 3, purchases: 3, amounts: { SOL: 3 } });
  });

  it('write a burst of additions across many titles as one document write per day, the sums whole', async () => {
    const { db } = await firestoreProject('demo-figures-batch');
    const store = firestoreFigures(db, 5_000);
    await Promise.all(Array.from({ length: 300 }, (_, i) => store.add(TODAY, `movies/m${i % 60}`, { plays: 1 })));
    const written = (await db.getAll(...Array.from({ length: SHARDS }, (_, shard) => db.doc(`studioDays/${TODAY}~${shard}`)))).filter((doc) => doc.exists);
    // Not one shard per play, nor per title: one batch, so one shard (two should the burst straddle a batch).
    expect(written.length).toBeLessThanOrEqual(2);
    const day = (await store.days(TODAY, TODAY, TODAY)).get(TODAY)!;
    expect(Object.keys(day)).toHaveLength(60);
    expect(Object.values(day).every((figures) => figures.plays === 5)).toBe(true);
  });
});
