import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import type { RawDocument } from '@/lib/catalog/store';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { pageOfDocument } from '@/lib/routes';
import type { SearchDocument } from '@/lib/search/documents';
import { searchWith } from '@/lib/search/lookup';
import { normalizeText } from '@/lib/search/normalize';
import { MAX_QUERY_LENGTH } from '@/lib/search/limits';
import { parseSearchQuery } from '@/lib/search/query';
import { createSearchIndex, MATCH_SCORES, MAX_HITS, SEPARATE_WORDS_PENALTY } from '@/lib/search/ranking';

/** One title per ranking tier for "night", plus accents, seasons, episodes and a locked series. */
const raw: Record<string, unknown> = {
  'documentaries/night': { title: 'Night', videourl: '/v/1.mp4' },
  'trailers/night-train': { title: 'Night Train', videourl: '/v/2.mp4' },
  'trailers/long-night': { title: 'The Long Night', videourl: '/v/3.mp4' },
  'trailers/cafe': { title: 'Café Øresund', description: 'One night in Copenhagen.', videourl: '/v/4.mp4' },
  'trailers/amelie': { title: 'AMÉLIE’S Garden', videourl: '/v/5.mp4' },
  'documentaries/owls': { title: 'Owls', description: 'Creatures of the midnight forest.', videourl: '/v/6.mp4' },
  'documentaries/sunrise': { title: 'Sunrise', description: 'Morning.', videourl: '/v/7.mp4' },
  'series/harbor': { title: 'Harbor Lights', description: 'A noir procedural.', locked: true },
  'series/harbor/seasons/s1': { title: 'Season 1: Night Shift', seasonNumber: 1 },
  'series/harbor/seasons/s1/episodes/e1': { title: 'Neon Ghosts', episodeNumber: 1, videourl: 'private:e1.mp4' },
  'shortFilms/midnight': { title: 'Midnight Bloom', description: 'Flowers.' },
  'shortFilms/midnight/episodes/p1': { title: 'Part One: Seed', episodeNumber: 1, videourl: '/v/p1.mp4' },
};
const documents: RawDocument[] = Object.entries(raw).map(([path, data]) => ({ id: path.slice(path.lastIndexOf('/') + 1), path, data }));
const quiet = { warn: () => {} };
const catalog = createCatalog(createLocalStore(documentsToWrite(documents)), quiet);
/** A search as the site runs it: candidates from the search entries of one word piece, ranked. */
const search = (query: string) => searchWith(catalog.searchEntries, query);

describe('normalizeText', () => {
  it('ignores case, accents (composed or not), folded letters and punctuation', () => {
    expect(normalizeText('AMÉLIE’S  Garden!')).toBe('amelie s garden');
    expect(normalizeText('Ame\u0301lie')).toBe('amelie');
    expect(normalizeText('Øresund Straße')).toBe('oresund strasse');
    expect(normalizeText('ｎｉｇｈｔ ﬁsh')).toBe('night fish');
    expect(normalizeText('🎬 !!! ')).toBe('');
    // Plain ASCII takes a shortcut; it must end where the Unicode path does.
    expect(normalizeText('Night-Shift, No. 2!')).toBe('night shift no 2');
    expect(normalizeText('Night-Shift, No. 2! é')).toBe('night shift no 2 e');
  });
});

describe('search index', () => {
  it('ranks exact title > title prefix > title word > inside a title > description word > inside a description', async () => {
    const { hits, total } = await search('night');
    expect(hits.map((hit) => [hit.path, hit.score])).toEqual([
      ['documentaries/night', MATCH_SCORES.exactTitle],
      ['trailers/night-train', MATCH_SCORES.titlePrefix],
      ['trailers/long-night', MATCH_SCORES.titleWord],
      ['series/harbor/seasons/s1', MATCH_SCORES.titleWord],
      ['shortFilms/midnight', MATCH_SCORES.titleSubstring],
      ['trailers/cafe', MATCH_SCORES.descriptionWord],
      ['documentaries/owls', MATCH_SCORES.descriptionSubstring],
    ]);
    expect(total).toBe(7);
  });

  it('looks up a query found only inside a description word', async () => {
    expect((await search('idnig')).hits.map((hit) => [hit.path, hit.score])).toEqual([
      ['shortFilms/midnight', MATCH_SCORES.titleSubstring],
      ['documentaries/owls', MATCH_SCORES.descriptionSubstring],
    ]);
    expect((await search('reatures')).hits.map((hit) => hit.path)).toEqual(['documentaries/owls']);
  });

  it('is case- and accent-insensitive both ways', async () => {
    for (const query of ['amelie', 'AMÉLIE', 'Ame\u0301lie’s garden']) expect((await search(query)).hits[0]?.path).toBe('trailers/amelie');
    for (const query of ['cafe', 'CAFÉ', 'oresund']) expect((await search(query)).hits[0]?.path).toBe('trailers/cafe');
  });

  it('finds seasons and episodes with their context and lock, each linked to the page that shows it', async () => {
    const season = (await search('night shift')).hits[0]!;
    expect(season).toMatchObject<Partial<SearchDocument>>({ kind: 'season', context: 'Harbor Lights · Season 1', locked: true });
    const episode = (await search('neon ghosts')).hits[0]!;
    expect(episode).toMatchObject({ kind: 'episode', locked: true });
    const filmEpisode = (await search('seed')).hits[0]!;
    expect(filmEpisode).toMatchObject({ kind: 'episode', context: 'Midnight Bloom · Episode 1', locked: false });
    const show = (await search('harbor')).hits[0]!;
    expect(show).toMatchObject({ kind: 'series', locked: true });
    // A result card links to its path's page (SearchResultCard): an episode's is its season's or its short film's.
    expect([season, episode, filmEpisode, show].map((hit) => pageOfDocument(hit.path))).toEqual([
      '/series/harbor/season/s1',
      '/series/harbor/season/s1',
      '/short-films/midnight',
      '/series/harbor',
    ]);
  });

  it('matches the words of a query apart, below the same words together', async () => {
    const { hits } = await search('train night');
    expect(hits.map((hit) => [hit.path, hit.score])).toEqual([['trailers/night-train', MATCH_SCORES.titleWord - SEPARATE_WORDS_PENALTY]]);
  });

  it('answers an empty query, a query of no letters and a query without matches with no hits', async () => {
    expect(await search('')).toEqual({ normalized: '', total: 0, hits: [] });
    expect(await search('🎬 ?!')).toEqual({ normalized: '', total: 0, hits: [] });
    expect(await search('zebra')).toEqual({ normalized: 'zebra', total: 0, hits: [] });
  });

  it('keeps the best MAX_HITS and counts the rest', () => {
    const many = Array.from(
      { length: 120 },
      (_, i): SearchDocument => ({
        path: `trailers/t${i}`,
        kind: 'trailer',
        title: `Echo ${i}`,
        description: '',
        coverimg: null,
        locked: false,
        context: null,
      }),
    );
    const { hits, total } = createSearchIndex(many).search('echo');
    expect(total).toBe(120);
    expect(hits).toHaveLength(MAX_HITS);
  });
});

describe('parseSearchQuery', () => {
  it('takes one value, trimmed', () => {
    expect(parseSearchQuery('  harbor   lights ')).toEqual({ text: 'harbor lights', truncated: false, repeated: false });
    expect(parseSearchQuery(undefined)).toEqual({ text: '', truncated: false, repeated: false });
  });

  it('uses the first of repeated values (?q=a&q=b) and says so', () => {
    expect(parseSearchQuery(['a', 'b'])).toEqual({ text: 'a', truncated: false, repeated: true });
    expect(parseSearchQuery([])).toEqual({ text: '', truncated: false, repeated: false });
  });

  it('cuts a huge query to MAX_QUERY_LENGTH characters without splitting one, and says so', async () => {
    const huge = parseSearchQuery('night '.repeat(2000));
    expect(huge.truncated).toBe(true);
    expect(huge.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    const emoji = parseSearchQuery('😀'.repeat(150));
    expect(Array.from(emoji.text)).toHaveLength(MAX_QUERY_LENGTH);
    expect(emoji.text).toBe('😀'.repeat(MAX_QUERY_LENGTH));
    expect((await search(huge.text)).total).toBeGreaterThan(0);
  });

  it('drops control characters and lone surrogates, and survives values of the wrong type', async () => {
    expect(parseSearchQuery('\uD800night\u0000\u001b train\uDFFF').text).toBe('night train');
    expect(parseSearchQuery({ q: 'x' })).toEqual({ text: '', truncated: false, repeated: false });
    expect(parseSearchQuery(42)).toEqual({ text: '', truncated: false, repeated: false });
    for (const odd of ['\u202Enight', 'ni\u0301ght', '％night', '𝐧𝐢𝐠𝐡𝐭', 'ｎｉｇｈｔ', '\u200Bnight']) {
      await expect(search(parseSearchQuery(odd).text), odd).resolves.toBeDefined();
    }
  });
});

describe('a lookup that fails', () => {
  it('answers that search could not finish (logged), never an error page', async () => {
    const errors: unknown[] = [];
    const results = await searchWith(
      async () => {
        throw new Error('catalog query searchEntries took longer than 3000 ms');
      },
      'Harbor',
      { error: (...args: unknown[]) => errors.push(args) },
    );
    expect(results).toEqual({ normalized: 'harbor', total: 0, hits: [], unavailable: true });
    expect(errors).toHaveLength(1);
  });
});
