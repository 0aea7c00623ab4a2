import { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import type { RawDocument } from '@/lib/catalog/store';
import { treeWrites, treesToSync } from '@/lib/catalog/sync/trees';
import { documentHash, isEditedTitle, treeHash, treeOf } from '@/lib/catalog/tree-state';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { doc, handWrittenDocuments } from '../fixtures/hand-written-documents';

const handWritten = handWrittenDocuments;

/** The same catalog after a writer (seed) or a sync indexed it. */
const indexed = () => documentsToWrite(handWritten).filter((d) => treeOf(d.path));
const entriesOf = (documents: RawDocument[]) => documentsToWrite(documents).filter((d) => d.path.startsWith('searchEntries/'));
const edit = (documents: RawDocument[], path: string, change: object) =>
  documents.map((d) => (d.path === path ? { ...d, data: { ...(d.data as object), ...change } } : d));

describe('what the site indexed, as a digest', () => {
  it('ignores the fields the site writes, and the order of keys', () => {
    const data = { title: 'Orbit', locked: false };
    expect(documentHash({ locked: false, title: 'Orbit' })).toBe(documentHash(data));
    expect(documentHash({ ...data, popularKey: 'k', syncHash: 'h', titleHash: 't', purchaseCount: 9 })).toBe(documentHash(data));
    expect(documentHash({ ...data, title: 'Orbit 2' })).not.toBe(documentHash(data));
  });

  it('reads timestamps by their time, so a console-typed date is an edit when it changes', () => {
    expect(documentHash({ at: Timestamp.fromMillis(1) })).toBe(documentHash({ at: Timestamp.fromMillis(1) }));
    expect(documentHash({ at: Timestamp.fromMillis(1) })).not.toBe(documentHash({ at: Timestamp.fromMillis(2) }));
  });

  it('changes a tree for an edit, an addition or a removal anywhere in it', () => {
    const tree = [
      { path: 'series/harbor', hash: 'a' },
      { path: 'series/harbor/seasons/one', hash: 'b' },
    ];
    expect(treeHash([...tree].reverse())).toBe(treeHash(tree));
    expect(treeHash([tree[0]!, { ...tree[1]!, hash: 'c' }])).not.toBe(treeHash(tree));
    expect(treeHash(tree.slice(0, 1))).not.toBe(treeHash(tree));
  });
});

describe('a title read by a page tells whether it was edited since indexing (no extra read)', () => {
  const title = (documents: RawDocument[]) => documents.find((d) => d.path === 'series/harbor')!.data;
  it('written by hand (no sort key), or edited in the console: yes; as indexed, or counted a purchase: no', () => {
    expect(isEditedTitle(title(handWritten))).toBe(true);
    expect(isEditedTitle(title(indexed()))).toBe(false);
    expect(isEditedTitle(title(edit(indexed(), 'series/harbor', { title: 'Harbor Nights' })))).toBe(true);
    expect(isEditedTitle(title(edit(indexed(), 'series/harbor', { purchaseCount: 3, popularKey: '1000000.000000003.x.harbor' })))).toBe(false);
    expect(isEditedTitle({ ...(title(indexed()) as object), titleHash: undefined })).toBe(true);
  });
});

describe('which trees need indexing', () => {
  it('every tree of a catalog written by hand; none once indexed', () => {
    expect(treesToSync(handWritten).sort()).toEqual(['documentaries/deep', 'series/harbor', 'shortFilms/drift', 'trailers/orbit']);
    expect(treesToSync(indexed())).toEqual([]);
  });

  it('only the tree an operator edited, however deep the edit', () => {
    expect(treesToSync(edit(indexed(), 'series/harbor/seasons/one/episodes/e2', { title: 'Tempest' }))).toEqual(['series/harbor']);
    expect(treesToSync([...indexed(), doc('shortFilms/drift/episodes/e2', { episodeNumber: 2, title: 'Part two', videourl: '/v/2.mp4' })])).toEqual([
      'shortFilms/drift',
    ]);
  });

  it('the seasons a deleted series left behind (their entries must go)', () => {
    expect(treesToSync(indexed().filter((d) => d.path !== 'series/harbor'))).toEqual(['series/harbor']);
  });
});

describe('what indexing a tree writes', () => {
  it('a title written by hand: its sort key and state (an update, nothing else), and its search entries', () => {
    const movie = handWritten.slice(0, 1);
    const writes = treeWrites('trailers/orbit', movie, []);
    expect(writes[0]).toEqual({
      kind: 'update',
      path: 'trailers/orbit',
      data: { popularKey: expect.any(String), syncHash: expect.any(String), titleHash: expect.any(String) },
    });
    expect(writes.slice(1)).toEqual([{ kind: 'set', path: 'searchEntries/trailers~orbit', data: expect.objectContaining({ title: 'Orbit Rising' }) }]);
  });

  it('nothing for a tree already indexed', () => {
    const tree = indexed().filter((d) => treeOf(d.path) === 'series/harbor');
    expect(
      treeWrites(
        'series/harbor',
        tree,
        entriesOf(handWritten).filter((e) => e.id.startsWith('series~harbor')),
      ),
    ).toEqual([]);
  });

  it('a rename: the title state and the entries that show it (the episodes carry the series title)', () => {
    const tree = edit(
      indexed().filter((d) => treeOf(d.path) === 'series/harbor'),
      'series/harbor',
      { title: 'Harbor Nights' },
    );
    const writes = treeWrites(
      'series/harbor',
      tree,
      entriesOf(handWritten).filter((e) => e.id.startsWith('series~harbor')),
    );
    expect(writes.map((w) => `${w.kind} ${w.path}`)).toEqual([
      'update series/harbor',
      'set searchEntries/series~harbor',
      'set searchEntries/series~harbor~seasons~one',
      'set searchEntries/series~harbor~seasons~one~episodes~e1',
      'set searchEntries/series~harbor~seasons~one~episodes~e2',
    ]);
  });

  it('a deleted episode: its entry goes', () => {
    const tree = indexed().filter((d) => treeOf(d.path) === 'shortFilms/drift' && !d.path.endsWith('/e1'));
    const writes = treeWrites(
      'shortFilms/drift',
      tree,
      entriesOf(handWritten).filter((e) => e.id.startsWith('shortFilms~drift')),
    );
    expect(writes.map((w) => `${w.kind} ${w.path}`)).toEqual(['update shortFilms/drift', 'delete searchEntries/shortFilms~drift~episodes~e1']);
  });

  it('a deleted title: every entry of its tree goes, and nothing is written to the title', () => {
    const writes = treeWrites(
      'series/harbor',
      [],
      entriesOf(handWritten).filter((e) => e.id.startsWith('series~harbor')),
    );
    expect(writes.every((w) => w.kind === 'delete')).toBe(true);
    expect(writes).toHaveLength(4);
  });
});
