import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, noRemoteAssets, renderCard, withoutCharacters } from '@/lib/og/card';
import { cardForTitle, cardTitleAt, type TitleReads } from '@/lib/og/titles';

const catalog = createCatalog(createLocalStore(), { warn: () => {} });

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer) {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

afterEach(() => vi.unstubAllGlobals());

describe('cardTitleAt', () => {
  it.each([
    ['trailers/city-of-small-hours', { kind: 'trailers', depth: 'title', ids: ['city-of-small-hours'] }],
    ['documentaries/x_1', { kind: 'documentaries', depth: 'title', ids: ['x_1'] }],
    ['series/deep-field-station', { kind: 'series', depth: 'title', ids: ['deep-field-station'] }],
    ['series/deep-field-station/seasons/season-one', { kind: 'series', depth: 'season', ids: ['deep-field-station', 'season-one'] }],
    ['shortFilms/the-moth-collector', { kind: 'shortFilms', depth: 'title', ids: ['the-moth-collector'] }],
  ])('%s', (path, expected) => expect(cardTitleAt(path)).toEqual(expected));

  it.each([
    '',
    'series',
    'series/',
    '/series/abc',
    'series/abc/',
    'movies/abc',
    'series/abc/seasons',
    'series/a/seasons/b/episodes/c',
    'series/..%2f',
    'series/%00',
    'series/💥',
    `series/${'a'.repeat(129)}`,
    'series/a b',
  ])('refuses %j', (path) => expect(cardTitleAt(path)).toBeNull());
});

describe('cardForTitle', () => {
  it('reads the name and kind of each kind of title from the catalog', async () => {
    const card = async (path: string) => cardForTitle(cardTitleAt(path)!, catalog);
    expect(await card('trailers/city-of-small-hours')).toEqual({ title: 'City of Small Hours', kind: 'Trailer' });
    expect(await card('series/deep-field-station')).toEqual({ title: 'Deep Field Station', kind: 'Series' });
    expect(await card('series/deep-field-station/seasons/season-one')).toEqual({ title: 'Season 1: First Light · Deep Field Station', kind: 'Season' });
    expect(await card('shortFilms/the-moth-collector')).toEqual({ title: 'The Moth Collector', kind: 'Short film' });
    expect(await card('series/no-such-series')).toBeNull();
    expect(await card('documentaries/city-of-small-hours')).toBeNull();
  });
});

describe('the card', () => {
  it('draws a catalog title with an emoji and other scripts from local fonts only, without touching the network', async () => {
    const fetch = vi.fn(async () => {
      throw new Error('no network in this test');
    });
    vi.stubGlobal('fetch', fetch);
    const reads = { getSeries: async () => ({ title: 'Boom 💥 Nights · 夜 · לילה' }) } as unknown as TitleReads;
    const card = (await cardForTitle({ kind: 'series', depth: 'title', ids: ['boom'] }, reads))!;
    expect(card).toEqual({ title: 'Boom 💥 Nights · 夜 · לילה', kind: 'Series' });

    const svg = await cardSvg(card);
    expect(svg).toMatch(/^<svg width="1200" height="630"/);
    expect(svg).not.toContain('<image'); // no emoji picture was fetched or embedded
    // What no local font draws is left out, with no gap: the same drawing as the name without it.
    expect(svg).toBe(await cardSvg({ title: 'Boom Nights', kind: 'Series' }));
    const png = await renderCard(card);
    expect(pngSize(png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('asks for no remote asset, whatever satori is missing', async () => {
    expect(await noRemoteAssets('emoji', '💥')).toBe('');
    expect(await noRemoteAssets('ja-JP', '日本')).toEqual([]);
    expect(await noRemoteAssets('unknown', '\u{10FFFD}')).toEqual([]);
  });

  it('shortens a very long title instead of overflowing', async () => {
    const long = await cardSvg({ title: 'Long '.repeat(500), kind: 'Series' });
    const short = await cardSvg({ title: 'Long '.repeat(18), kind: 'Series' });
    expect(long.length).toBeLessThan(short.length * 1.5);
  });
});

describe('withoutCharacters', () => {
  it.each([
    ['Boom 💥 Nights · 夜 · לילה', ['💥', '夜', 'לילה'], 'Boom Nights'],
    ['夜 · Night', ['夜'], 'Night'],
    ['A · 夜 · B', ['夜'], 'A · B'],
    ['Season 1: First Light · 夜', ['夜'], 'Season 1: First Light'],
    ['Deep-Field 💥', ['💥'], 'Deep-Field'],
    ['Family 👨‍👩‍👧 night', ['👨‍👩‍👧'], 'Family night'],
    ['夜', ['夜'], ''],
  ])('%j without %j is %j', (text, segments, expected) => expect(withoutCharacters(text, segments)).toBe(expected));

  it('never drops a Latin letter, even if satori names it', () => {
    expect(withoutCharacters('abc 夜', ['abc 夜'])).toBe('abc');
  });
});
