import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { RawDocument } from '@/lib/catalog/store';
import { treeWrites, treesToSync } from '@/lib/catalog/sync';
import { documentHash, treeHash, treeOf } from '@/lib/catalog/sync-hash';
import { documentsToWrite } from '@/lib/catalog/writes';

const doc = (path: string, data: object): RawDocument => ({ id: path.split('/').at(-1)!, path, data });

/** A catalog as an operator writes it in the Firebase console: the seed's fields, nothing of the site's. */
const handWritten = [
  doc('trailers/t1', { title: 'Orbit', coverimg: '', videourl: '/v/orbit.mp4', locked: false, type: 'Trailer' }),
  doc('series/s', { title: 'Harbor', coverimg: '', description: 'Lights.', locked: true, totalSeasons: 1, episodeCount: 2 }),
  doc('series/s/seasons/one', { title: 'Season 1', coverimg: '', description: '', seasonNumber: 1, totalEpisodes: 2 }),
  doc('series/s/seasons/one/episodes/e1', { episodeNumber: 1, title: 'Pilot', coverimg: '', videourl: 'private:x.mp4' }),
  doc('series/s/seasons/one/episodes/e2', { episodeNumber: 2, title: 'Storm', coverimg: '', videourl: 'private:y.mp4' }),
  doc('shortFilms/f', { title: 'Drift', coverimg: '', description: '', locked: false, episodeCount: 1 }),
  doc('shortFilms/f/episodes/e1', { episodeNumber: 1, title: 'Part one', coverimg: '', videourl: '/v/drift.mp4' }),
];

/** The same catalog after a writer (seed) or a sync indexed it. */
const indexed = () => documentsToWrite(handWritten).filter((d) => treeOf(d.path));
const entriesOf = (documents: RawDocument[]) => documentsToWrite(documents).filter((d) => d.path.startsWith('searchEntries/'));
const edit = (documents: RawDocument[], path: string, change: object) =>
  documents.map((d) => (d.path === path ? { ...d, data: { ...(d.data as object), ...change } } : d));

describe('what the site indexed, as a digest', () => {
  it('ignores the fields the site writes, and the order of keys', () => {
    const data = { title: 'Orbit', locked: false };
    expect(documentHash({ locked: false, title: 'Orbit' })).toBe(documentHash(data));
    expect(documentHash({ ...data, popularKey: 'k', syncHash: 'h', purchaseCount: 9 })).toBe(documentHash(data));
    expect(documentHash({ ...data, title: 'Orbit 2' })).not.toBe(documentHash(data));
  });

  it('reads timestamps by their time, so a console-typed date is an edit when it changes', () => {
    expect(documentHash({ at: Timestamp.fromMillis(1) })).toBe(documentHash({ at: Timestamp.fromMillis(1) }));
    expect(documentHash({ at: Timestamp.fromMillis(1) })).not.toBe(documentHash({ at: Timestamp.fromMillis(2) }));
  });

  it('changes a tree for an edit, an addition or a removal anywhere in it', () => {
    const tree = [
      { path: 'series/s', hash: 'a' },
      { path: 'series/s/seasons/one', hash: 'b' },
    ];
    expect(treeHash([...tree].reverse())).toBe(treeHash(tree));
    expect(treeHash([tree[0]!, { ...tree[1]!, hash: 'c' }])).not.toBe(treeHash(tree));
    expect(treeHash(tree.slice(0, 1))).not.toBe(treeHash(tree));
  });
});

describe('which trees need indexing', () => {
  it('every tree of a catalog written by hand; none once indexed', () => {
    expect(treesToSync(handWritten).sort()).toEqual(['series/s', 'shortFilms/f', 'trailers/t1']);
    expect(treesToSync(indexed())).toEqual([]);
  });

  it('only the tree an operator edited, however deep the edit', () => {
    expect(treesToSync(edit(indexed(), 'series/s/seasons/one/episodes/e2', { title: 'Tempest' }))).toEqual(['series/s']);
    expect(treesToSync([...indexed(), doc('shortFilms/f/episodes/e2', { episodeNumber: 2, title: 'Part two', videourl: '/v/2.mp4' })])).toEqual([
      'shortFilms/f',
    ]);
  });

  it('the seasons a deleted series left behind (their entries must go)', () => {
    expect(treesToSync(indexed().filter((d) => d.path !== 'series/s'))).toEqual(['series/s']);
  });
});

describe('what indexing a tree writes', () => {
  it('a title written by hand: its sort key and state (an update, nothing else), and its search entries', () => {
    const movie = handWritten.slice(0, 1);
    const writes = treeWrites('trailers/t1', movie, []);
    expect(writes[0]).toEqual({ kind: 'update', path: 'trailers/t1', data: { popularKey: expect.any(String), syncHash: expect.any(String) } });
    expect(writes.slice(1)).toEqual([{ kind: 'set', path: 'searchEntries/trailers~t1', data: expect.objectContaining({ title: 'Orbit' }) }]);
  });

  it('nothing for a tree already indexed', () => {
    const tree = indexed().filter((d) => treeOf(d.path) === 'series/s');
    expect(
      treeWrites(
        'series/s',
        tree,
        entriesOf(handWritten).filter((e) => e.id.startsWith('series~s')),
      ),
    ).toEqual([]);
  });

  it('a rename: the title state and the entries that show it (the episodes carry the series title)', () => {
    const tree = edit(
      indexed().filter((d) => treeOf(d.path) === 'series/s'),
      'series/s',
      { title: 'Harbor Nights' },
    );
    const writes = treeWrites(
      'series/s',
      tree,
      entriesOf(handWritten).filter((e) => e.id.startsWith('series~s')),
    );
    expect(writes.map((w) => `${w.kind} ${w.path}`)).toEqual([
      'update series/s',
      'set searchEntries/series~s',
      'set searchEntries/series~s~seasons~one',
      'set searchEntries/series~s~seasons~one~episodes~e1',
      'set searchEntries/series~s~seasons~one~episodes~e2',
    ]);
  });

  it('a deleted episode: its entry goes', () => {
    const tree = indexed().filter((d) => treeOf(d.path) === 'shortFilms/f' && !d.path.endsWith('/e1'));
    const writes = treeWrites(
      'shortFilms/f',
      tree,
      entriesOf(handWritten).filter((e) => e.id.startsWith('shortFilms~f')),
    );
    expect(writes.map((w) => `${w.kind} ${w.path}`)).toEqual(['update shortFilms/f', 'delete searchEntries/shortFilms~f~episodes~e1']);
  });

  it('a deleted title: every entry of its tree goes, and nothing is written to the title', () => {
    const writes = treeWrites(
      'series/s',
      [],
      entriesOf(handWritten).filter((e) => e.id.startsWith('series~s')),
    );
    expect(writes.every((w) => w.kind === 'delete')).toBe(true);
    expect(writes).toHaveLength(4);
  });
});
