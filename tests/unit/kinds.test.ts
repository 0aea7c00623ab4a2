import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTitlePath,
  isKind,
  isMovieKind,
  kindAtSegment,
  KIND_LIST,
  KINDS,
  LEVELS_BENEATH,
  parseTitlePath,
  titleContaining,
  titleOf,
  type TitleAddress,
} from '@/lib/catalog/kinds';
import { documentIdSchema } from '@/lib/catalog/schemas';

const documentId = fc.stringMatching(/^[A-Za-z0-9_-]{1,128}$/).filter((id) => documentIdSchema.safeParse(id).success);

/** Every address the registry allows: a title of any kind, and each level beneath one. */
const address: fc.Arbitrary<TitleAddress> = fc.oneof(
  fc.tuple(fc.constantFrom(...KIND_LIST), documentId).map(([kind, id]): TitleAddress => ({ kind, depth: 'title', ids: [id] })),
  fc.tuple(documentId, documentId).map(([seriesId, seasonId]): TitleAddress => ({ kind: 'series', depth: 'season', ids: [seriesId, seasonId] })),
  fc.tuple(documentId, documentId, documentId).map(
    ([seriesId, seasonId, episodeId]): TitleAddress => ({
      kind: 'series',
      depth: 'episode',
      ids: [seriesId, seasonId, episodeId],
    }),
  ),
  fc.tuple(documentId, documentId).map(([filmId, episodeId]): TitleAddress => ({ kind: 'shortFilms', depth: 'episode', ids: [filmId, episodeId] })),
);

/** Paths near valid ones: their segments, shuffled, cut, doubled, or with one replaced by anything. */
const nearPath = fc.oneof(
  address.map(formatTitlePath),
  fc.tuple(address, fc.nat(), fc.string({ unit: 'binary', maxLength: 12 })).map(([valid, at, other]) => {
    const segments = formatTitlePath(valid).split('/');
    segments[at % segments.length] = other;
    return segments.join('/');
  }),
  fc.tuple(address, fc.nat()).map(([valid, cut]) =>
    formatTitlePath(valid)
      .split('/')
      .slice(0, cut % 7)
      .join('/'),
  ),
  fc.tuple(address, fc.constantFrom('seasons', 'episodes', 'season', 'x')).map(([valid, extra]) => `${formatTitlePath(valid)}/${extra}/e1`),
  fc.array(fc.constantFrom(...KIND_LIST, 'seasons', 'episodes', 'a', '', '..', '__x__'), { maxLength: 7 }).map((segments) => segments.join('/')),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

describe('the registry of kinds', () => {
  it('names each kind by its collection, with its URL, labels, structured data type and levels', () => {
    expect(KIND_LIST).toEqual(['series', 'shortFilms', 'trailers', 'documentaries']);
    expect(KINDS.shortFilms).toEqual({
      segment: 'short-films',
      pageBase: '/short-films',
      label: 'Short films',
      singular: 'Short film',
      jsonLdType: 'Movie',
      beneath: ['episodes'],
      searchKind: 'shortFilm',
    });
    expect(KIND_LIST.filter(isMovieKind)).toEqual(['trailers', 'documentaries']);
    expect(KIND_LIST.map((kind) => KINDS[kind].beneath)).toEqual([['seasons', 'episodes'], ['episodes'], [], []]);
    expect(LEVELS_BENEATH).toEqual(['seasons', 'episodes']);
  });

  it('finds a kind by its name or its URL segment, and nothing else', () => {
    for (const kind of KIND_LIST) {
      expect(isKind(kind)).toBe(true);
      expect(kindAtSegment(KINDS[kind].segment)).toBe(kind);
    }
    for (const other of ['movies', 'shortfilms', 'constructor', '__proto__', 'toString', '']) expect(isKind(other)).toBe(false);
    expect(kindAtSegment('shortFilms')).toBeNull();
  });
});

describe('a title path', () => {
  it.each([
    ['trailers/city-of-small-hours', { kind: 'trailers', depth: 'title', ids: ['city-of-small-hours'] }],
    ['series/a/seasons/b', { kind: 'series', depth: 'season', ids: ['a', 'b'] }],
    ['series/a/seasons/b/episodes/c', { kind: 'series', depth: 'episode', ids: ['a', 'b', 'c'] }],
    ['shortFilms/f/episodes/e_1', { kind: 'shortFilms', depth: 'episode', ids: ['f', 'e_1'] }],
  ])('parses %s', (path, expected) => expect(parseTitlePath(path)).toEqual(expected));

  it.each([
    '',
    'series',
    'series/',
    '/series/a',
    'series/a/',
    'movies/a',
    'series/a/seasons',
    'series/a/episodes/e',
    'series/a/seasons/b/episodes',
    'series/a/seasons/b/episodes/c/x/y',
    'shortFilms/f/seasons/s',
    'trailers/a/episodes/e',
    'trailers/..',
    'trailers/__x__',
    'series/a b',
    'series/%00',
    `series/${'a'.repeat(129)}`,
    'purchases/x',
  ])('refuses %j', (path) => expect(parseTitlePath(path)).toBeNull());

  it('formats every address as a path that parses back to it', () => {
    fc.assert(
      fc.property(address, (valid) => {
        expect(parseTitlePath(formatTitlePath(valid))).toEqual(valid);
      }),
    );
  });

  it('parses a path only when it is exactly the spelling of what it parses to', () => {
    fc.assert(
      fc.property(nearPath, (path) => {
        const parsed = parseTitlePath(path);
        if (parsed) expect(formatTitlePath(parsed)).toBe(path);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes an id exactly when it is a document id', () => {
    fc.assert(
      fc.property(fc.oneof(documentId, fc.string({ unit: 'binary', maxLength: 140 })), (id) => {
        expect(parseTitlePath(`series/x/seasons/${id}`) !== null).toBe(documentIdSchema.safeParse(id).success);
      }),
    );
  });

  it('finds the title any path beneath it lies in', () => {
    fc.assert(
      fc.property(address, (valid) => {
        expect(titleContaining(formatTitlePath(valid))).toEqual(titleOf(valid));
      }),
    );
    expect(titleContaining('series/x/seasons')).toEqual({ kind: 'series', depth: 'title', ids: ['x'] });
    expect(titleContaining('series')).toBeNull();
    expect(titleContaining('purchases/x/y')).toBeNull();
  });
});
