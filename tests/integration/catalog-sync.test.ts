import { spawnSync } from 'node:child_process';
import type { Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createFirestoreStore } from '@/lib/catalog/firestore-adapter';
import { scanCatalog, sweepEntries, syncTree, treesToSync } from '@/lib/catalog/sync/trees';
import { watchCatalog, type CatalogWatch } from '@/lib/catalog/sync/listeners';
import { writeAsOperator } from '@/e2e/support/hand-written-catalog';
import { doc, handWrittenDocuments } from '../fixtures/hand-written-documents';
import { emulatorHost, testFirestore, type TestFirestore } from '../support/firestore';

const handWritten = handWrittenDocuments;

let firestore: TestFirestore;
let db: Firestore;
const catalog = () => createCatalog(createFirestoreStore(db, 5_000), { warn: () => {} });
const found = async (word: string) => (await catalog().searchEntries(word)).map((entry) => entry.path).sort();
const syncAll = async (trees: string[]) => (await Promise.all(trees.map((tree) => syncTree(db, tree)))).filter(Boolean).length;

beforeAll(async () => {
  firestore = await testFirestore('demo-catalog-sync');
  db = firestore.db;
  await writeAsOperator(db, handWritten);
});

afterAll(() => firestore.close());

describe('a scan (the Cron Job on Vercel)', () => {
  it('finds a catalog written by hand missing from every list (Firestore leaves out documents without the sort key), and indexes it', async () => {
    expect((await catalog().listSeries({ size: 10 }))?.items).toEqual([]);
    const trees = treesToSync(await scanCatalog(db));
    expect(trees.sort()).toEqual(['documentaries/deep', 'series/harbor', 'shortFilms/drift', 'trailers/orbit']);
    expect(await syncAll(trees)).toBe(4);
    expect((await catalog().listSeries({ size: 10 }))?.items.map((s) => s.title)).toEqual(['Harbor Lights']);
    expect((await catalog().listMovies('trailers', { size: 10 }))?.items.map((m) => m.title)).toEqual(['Orbit Rising']);
    expect(await found('storm')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    expect(treesToSync(await scanCatalog(db))).toEqual([]);
  });

  it('re-indexes only the tree an edit touched, however deep', async () => {
    await db.doc('series/harbor/seasons/one/episodes/e2').update({ title: 'Tempest' });
    const trees = treesToSync(await scanCatalog(db));
    expect(trees).toEqual(['series/harbor']);
    await syncAll(trees);
    expect(await found('tempest')).toEqual(['series/harbor/seasons/one/episodes/e2']);
    expect(await found('storm')).toEqual([]);
  });

  it('removes the entries of a deleted movie (the sweep) and of a deleted series whose seasons stay behind', async () => {
    await db.doc('trailers/orbit').delete();
    await db.doc('series/harbor').delete();
    const documents = await scanCatalog(db);
    const trees = treesToSync(documents);
    expect(trees).toEqual(['series/harbor']);
    await syncAll(trees);
    expect(await sweepEntries(db, documents)).toEqual(['trailers/orbit']);
    expect(await found('orbit')).toEqual([]);
    expect(await found('pilot')).toEqual([]);
    expect(await sweepEntries(db, await scanCatalog(db))).toEqual([]);
  });
});

describe('a watch (a server on next start)', () => {
  let watch: CatalogWatch;
  let ready: Promise<void>;
  beforeAll(() => {
    ready = new Promise((resolve) => (watch = watchCatalog(db, { warn: () => {} }, resolve)));
  });
  afterAll(() => watch.stop());

  // Six listeners' first snapshots: seconds on Google's emulator when the whole suite shares it on two cores.
  it('first looks at every document, then hands over only the trees an operator changed', { timeout: 90_000 }, async () => {
    await ready;
    const first = watch.take()!;
    expect(first.firstLook).toBe(true);
    // The series' documents left behind are a tree to clean up; the rest was indexed above.
    expect(first.trees).toEqual(['series/harbor']);
    await syncAll(first.trees);
    await writeAsOperator(db, [doc('trailers/new', { title: 'Comet Tail', coverimg: '', videourl: '/v/c.mp4', locked: false, type: 'Trailer' })]);
    await db.doc('shortFilms/drift').update({ title: 'Drift Away' });
    const changed = new Set<string>();
    const collect = () => [...(watch.take()?.trees ?? []).reduce((all, tree) => all.add(tree), changed)].sort();
    await expect.poll(collect, { timeout: 30_000 }).toEqual(['shortFilms/drift', 'trailers/new']);
    expect(await syncAll(['shortFilms/drift', 'trailers/new'])).toBe(2);
    expect(await found('comet')).toEqual(['trailers/new']);
    // The sync's own writes come back through the listeners, and are no change of the operator's.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(watch.take()).toMatchObject({ trees: [], firstLook: false });
  });
});

describe('npm run catalog:check', () => {
  it('exits 1 naming what needs the operator: here, the documents a deleted series left behind', () => {
    const env = { ...process.env, FIRESTORE_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: firestore.projectId, CATALOG: 'firestore' };
    const check = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/catalog-check.ts'], { env, encoding: 'utf8' });
    expect(check.stderr).toBe('');
    expect(check.status).toBe(1);
    expect(check.stdout).toContain('✗ 3 broken documents (the site skips them):');
    expect(check.stdout).toContain('series/harbor/seasons/one: its parent series/harbor is missing or broken, so it is never shown');
    expect(check.stdout).toContain('✓ every title is indexed');
    expect(check.stdout).toContain('Last sync: none has run');
  });
});

describe('npm run catalog:sync cut short by its budget', () => {
  const sync = (settings: Record<string, string>) => {
    const env = { ...process.env, FIRESTORE_EMULATOR_HOST: emulatorHost(), FIREBASE_PROJECT_ID: firestore.projectId, CATALOG: 'firestore', ...settings };
    return spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/catalog-sync.ts', '--seconds=0.001'], { env, encoding: 'utf8' });
  };

  it('says who indexes the rest, by the way the deployed site keeps its catalog', () => {
    const events = sync({ VERCEL: '1', CATALOG_EVENTS_SECRET: 'catalog-events-secret-0123456789' });
    expect(events.status).toBe(0);
    expect(events.stdout).toMatch(/the pass stopped after 0\.001 s at .*; every edit from now on arrives as an event; .* the cron's scan/);
    expect(sync({ VERCEL: '1' }).stdout).toContain("the site's checks go on from there after deploy");
    expect(sync({}).stdout).toContain("the server's listeners index every title left at their first look");
  });
});
