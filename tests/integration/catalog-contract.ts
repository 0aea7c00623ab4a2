import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import type { DocumentStore } from '@/lib/catalog/store';
import type { Catalog } from '@/lib/catalog/types';
import { allOf } from '../fixtures/catalog-documents';

/** Counts reads so a test can hold a page's data needs to a fixed number of queries (no N+1). */
function counting(store: DocumentStore) {
  const reads = { query: [] as string[], get: [] as string[] };
  const counted: DocumentStore = {
    query: (path, query) => (reads.query.push(path), store.query(path, query)),
    get: (path) => (reads.get.push(path), store.get(path)),
    count: (path) => store.count(path),
  };
  return { counted, reads };
}

/** The behaviour every catalog backend must share; run against the fixture in tests/fixtures. */
export function catalogContract(name: string, makeStore: () => DocumentStore) {
  describe(`catalog contract: ${name}`, () => {
    let catalog: Catalog;
    let reads: ReturnType<typeof counting>['reads'];
    const warn = vi.fn();

    beforeEach(() => {
      warn.mockReset();
      const store = counting(makeStore());
      reads = store.reads;
      catalog = createCatalog(store.counted, { warn });
    });

    it('lists trailers in popular order (by id when none is ranked, bought or dated), skipping and logging a broken document by its path', async () => {
      const trailers = await allOf(catalog.listMovies('trailers', { size: 10 }));
      expect(trailers.map((t) => t.id)).toEqual(['a-minimal', 'b-orbit', 'c-vault']);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('trailers/d-broken'));
      expect(warn.mock.calls[0]?.[0]).toContain('title');
    });

    it('gives missing optional fields their defaults', async () => {
      const [minimal] = await allOf(catalog.listMovies('trailers', { size: 10 }));
      expect(minimal).toMatchObject({
        title: 'Minimal',
        type: 'Movie',
        description: '',
        coverimg: null,
        locked: false,
        collection: 'trailers',
        path: 'trailers/a-minimal',
      });
      const [deep] = await allOf(catalog.listMovies('documentaries', { size: 10 }));
      expect(deep).toMatchObject({ coverimg: null, type: 'Documentary' });
    });

    it('never carries a locked title’s playback URL', async () => {
      const vault = (await allOf(catalog.listMovies('trailers', { size: 10 }))).find((t) => t.id === 'c-vault');
      expect(vault).toEqual(expect.objectContaining({ locked: true, purchasePath: 'trailers/c-vault' }));
      expect(vault).not.toHaveProperty('videourl');
      const everything = await Promise.all([
        allOf(catalog.listMovies('trailers', { size: 10 })),
        allOf(catalog.listSeries({ size: 10 })),
        allOf(catalog.listShortFilms({ size: 10 })),
        catalog.getSeries('paid-show'),
        catalog.getSeason('paid-show', 'only'),
        catalog.getShortFilm('locked-film'),
        catalog.getSeason('free-show', 's1'),
      ]);
      expect(JSON.stringify(everything)).not.toContain('LOCKED-');
      expect(JSON.stringify(everything)).not.toContain('/v/e1.mp4');
    });

    it('offers a free title’s subtitles, skipping and logging a broken entry, and keeps the title', async () => {
      const orbit = await catalog.getMovie('trailers', 'b-orbit');
      expect(orbit).toMatchObject({
        locked: false,
        subtitles: [
          { lang: 'en', label: 'English', src: '/s/orbit.en.vtt' },
          { lang: 'pt', label: 'Português', src: '/s/orbit.pt.vtt' },
        ],
      });
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[catalog\] trailers\/b-orbit: skipped subtitles\.1: lang: expected a BCP-47/));
      expect(await catalog.getMovie('trailers', 'a-minimal')).toMatchObject({ subtitles: [] });
      const film = await catalog.getShortFilm('tiny');
      expect(film?.episodes.items[0]).toMatchObject({ subtitles: [{ lang: 'pt-BR', src: '/s/t1.pt-BR.vtt' }] });
      expect(film?.episodes.items[1]).toMatchObject({ subtitles: [] });
    });

    it('never offers a locked title’s subtitles, and tells the operator why', async () => {
      const vault = await catalog.getMovie('trailers', 'c-vault');
      expect(vault).not.toHaveProperty('subtitles');
      const season = await catalog.getSeason('paid-show', 'only');
      expect(season?.episodes.items.every((e) => !('subtitles' in e))).toBe(true);
      expect(warn).toHaveBeenCalledWith(
        '[catalog] trailers/c-vault: locked: its subtitles are not offered (subtitle files are public, and would give away the paid video)',
      );
    });

    it('lists series and short films with their episode counts in one read each', async () => {
      const series = await allOf(catalog.listSeries({ size: 10 }));
      expect(series.map((s) => [s.id, s.episodeCount, s.locked])).toEqual([
        ['empty-show', 0, false],
        ['free-show', 3, false],
        ['paid-show', 2, true],
      ]);
      const films = await allOf(catalog.listShortFilms({ size: 10 }));
      expect(films.map((f) => [f.id, f.episodeCount])).toEqual([
        ['locked-film', 1],
        ['tiny', 3],
      ]);
      expect(reads.query).toEqual(['series', 'shortFilms']);
      expect(reads.get).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('shortFilms/broken-film'));
    });

    it('returns a series with its seasons by seasonNumber, skipping a broken season', async () => {
      const series = await catalog.getSeries('free-show');
      expect(series?.title).toBe('Free Show');
      expect(series?.seasons.items.map((s) => [s.id, s.seasonNumber])).toEqual([
        ['s1', 1],
        ['s2', 2],
      ]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('series/free-show/seasons/s9'));
      expect(reads.query).toHaveLength(1);
    });

    it('returns a season with its series and its episodes by episodeNumber', async () => {
      const season = await catalog.getSeason('free-show', 's1');
      expect(season?.series.title).toBe('Free Show');
      expect(season?.episodes.items.map((e) => e.episodeNumber)).toEqual([1, 2]);
      expect(season?.episodes.items[0]).toMatchObject({ locked: true, purchasePath: 'series/free-show/seasons/s1/episodes/e1' });
      expect(season?.episodes.items[1]).toMatchObject({ locked: false, videourl: '/v/e2.mp4' });
    });

    it('locks every episode of a locked series, sold as the series', async () => {
      const season = await catalog.getSeason('paid-show', 'only');
      expect(season?.episodes.items.map((e) => [e.title, e.locked, e.locked && e.purchasePath])).toEqual([
        ['Paid One', true, 'series/paid-show'],
        ['Paid Two', true, 'series/paid-show'],
      ]);
    });

    it('returns a season with no episodes as an empty list', async () => {
      expect((await catalog.getSeason('empty-show', 's1'))?.episodes.items).toEqual([]);
    });

    it('returns a short film with its episodes ascending', async () => {
      const film = await catalog.getShortFilm('tiny');
      expect(film?.episodes.items.map((e) => e.title)).toEqual(['Tiny One', 'Tiny Two', 'Tiny Three']);
      const locked = await catalog.getShortFilm('locked-film');
      expect(locked?.episodes.items[0]).toMatchObject({ locked: true, purchasePath: 'shortFilms/locked-film' });
    });

    it('returns one movie by collection and id, locked ones without their URL', async () => {
      expect(await catalog.getMovie('trailers', 'b-orbit')).toMatchObject({ title: 'Orbit', locked: false, videourl: '/v/orbit.mp4' });
      const vault = await catalog.getMovie('trailers', 'c-vault');
      expect(vault).toMatchObject({ locked: true, purchasePath: 'trailers/c-vault' });
      expect(vault).not.toHaveProperty('videourl');
      expect(await catalog.getMovie('documentaries', 'b-orbit')).toBeNull();
      expect(await catalog.getMovie('trailers', 'd-broken')).toBeNull();
      expect(await catalog.getMovie('trailers', '../x')).toBeNull();
    });

    it('treats a cover known to be missing as no cover, and says so', async () => {
      const checked = createCatalog(makeStore(), { warn }, (cover) => cover !== '/c/orbit.jpg');
      expect((await checked.getMovie('trailers', 'b-orbit'))?.coverimg).toBeNull();
      expect((await checked.getMovie('trailers', 'c-vault'))?.coverimg).toBe('/c/vault.jpg');
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('trailers/b-orbit: cover /c/orbit.jpg does not exist'));
    });

    it('answers null for unknown and malformed ids without reading', async () => {
      expect(await catalog.getSeries('nope')).toBeNull();
      expect(await catalog.getSeason('free-show', 'nope')).toBeNull();
      expect(await catalog.getSeason('nope', 's1')).toBeNull();
      expect(await catalog.getShortFilm('nope')).toBeNull();
      expect(await catalog.getShortFilm('broken-film')).toBeNull();
      const before = reads.get.length + reads.query.length;
      for (const bad of ['..', 'a/b', '', '%2e%2e']) {
        expect(await catalog.getSeries(bad)).toBeNull();
        expect(await catalog.getShortFilm(bad)).toBeNull();
        expect(await catalog.getSeason('free-show', bad)).toBeNull();
      }
      expect(reads.get.length + reads.query.length).toBe(before);
    });

    it('reads the video a path names, and where a purchase starts playing, in a few reads whatever the title holds', async () => {
      expect(await catalog.getVideo('trailers/c-vault')).toEqual({ path: 'trailers/c-vault', title: 'Vault', videourl: '/v/LOCKED-vault.mp4' });
      expect(await catalog.getVideo('series/free-show/seasons/s1/episodes/e1')).toMatchObject({ videourl: '/v/e1.mp4' });
      for (const notAVideo of [
        'series/paid-show',
        'shortFilms/locked-film',
        'trailers/nope',
        'series/free-show/seasons/s1',
        'purchases/x',
        'trailers',
        'trailers/../x',
        '',
      ]) {
        expect(await catalog.getVideo(notAVideo)).toBeNull();
      }
      const before = reads.get.length + reads.query.length;
      expect(await catalog.firstVideo('series/paid-show')).toMatchObject({ videourl: '/v/LOCKED-p1.mp4' });
      expect(reads.get.length + reads.query.length - before).toBeLessThanOrEqual(3);
      expect(await catalog.firstVideo('shortFilms/locked-film')).toMatchObject({ title: 'Locked One' });
      expect(await catalog.firstVideo('trailers/c-vault')).toMatchObject({ path: 'trailers/c-vault' });
      expect(await catalog.firstVideo('trailers/nope')).toBeNull();
    });

    it('pages a list with keyset cursors: next, previous, and the first item of the next page', async () => {
      const first = await catalog.listMovies('trailers', { size: 1 });
      expect(first?.items.map((t) => t.id)).toEqual(['a-minimal']);
      expect(first?.previous).toBeNull();
      expect(first?.firstOfNext?.id).toBe('b-orbit');
      // The cursor names the last title shown, never its place in "popular", which would tell its purchase count.
      expect(first?.next).toBe('a-minimal');
      expect(await catalog.listMovies('trailers', { size: 1, after: 'no-such-title' })).toBeNull();
      const second = await catalog.listMovies('trailers', { size: 1, after: first!.next! });
      expect(second?.items.map((t) => t.id)).toEqual(['b-orbit']);
      expect(second?.previous).toEqual({ after: null });
      const third = await catalog.listMovies('trailers', { size: 1, after: second!.next! });
      expect(third?.previous).toEqual({ after: first!.next });
      const episodes = await catalog.getSeason('free-show', 's1', { size: 1 });
      expect([episodes?.episodes.items[0]?.id, episodes?.episodes.next]).toEqual(['e1', '1']);
      const later = await catalog.getSeason('free-show', 's1', { size: 1, after: '1' });
      expect(later?.episodes.items.map((e) => e.id)).toEqual(['e2']);
      expect(later?.episodes.next).toBeNull();
    });

    it('answers null for a malformed cursor, without reading a list', async () => {
      for (const bad of ['x', '1.2', '../a', '0000001.000000000.0000000000000']) {
        expect(await catalog.listSeries({ size: 5, after: bad })).toBeNull();
        expect(await catalog.getSeason('free-show', 's1', { size: 5, after: bad })).toBeNull();
      }
      expect(reads.query).toEqual([]);
    });

    it('finds the next season’s first episode with bounded queries', async () => {
      expect((await catalog.getFirstEpisodeAfter('free-show', 1))?.id).toBe('e3');
      expect(await catalog.getFirstEpisodeAfter('free-show', 2)).toBeNull();
      expect(reads.query.every((path) => path.startsWith('series/free-show/'))).toBe(true);
    });

    it('resolves a title path in one or two document reads and no list, whatever the title holds', async () => {
      expect(await catalog.getTitle('series/paid-show')).toEqual({
        path: 'series/paid-show',
        title: 'Paid Show',
        coverimg: '/c/paid.jpg',
        locked: true,
        pricing: { kind: 'default' },
      });
      expect(reads).toEqual({ query: [], get: ['series/paid-show'] });
      expect(await catalog.getTitle('series/free-show/seasons/s1/episodes/e1')).toMatchObject({ title: 'One', locked: true });
      expect(reads.get).toHaveLength(3);
      expect(await catalog.getTitle('series/nope/seasons/s1/episodes/e1')).toBeNull();
      expect(reads.query).toEqual([]);
    });

    it('names the show an episode is sold through when its show is locked, even when the episode says locked itself', async () => {
      expect(await catalog.getTitle('shortFilms/locked-film/episodes/l1')).toMatchObject({
        locked: true,
        soldThrough: { path: 'shortFilms/locked-film', title: 'Locked Film' },
      });
      expect(await catalog.getTitle('series/paid-show/seasons/only/episodes/p1')).toMatchObject({ soldThrough: { path: 'series/paid-show' } });
      // Locked in a free show, it is sold alone, at the site's price.
      expect((await catalog.getTitle('series/free-show/seasons/s1/episodes/e1'))?.soldThrough).toBeUndefined();
    });

    it('finds search entries by a word piece: titles, insides of titles, description words and their insides, every kind', async () => {
      const paths = async (token: string) => (await catalog.searchEntries(token)).map((entry) => entry.path).sort();
      expect(await paths('orb')).toEqual(['trailers/b-orbit']);
      expect(await paths('rbit')).toEqual(['trailers/b-orbit']);
      expect(await paths('two')).toEqual(expect.arrayContaining(['series/free-show/seasons/s1/episodes/e2', 'series/free-show/seasons/s2']));
      expect(await paths('aroun')).toEqual(['trailers/b-orbit']);
      expect(await paths('roun')).toEqual(['trailers/b-orbit']);
      expect(JSON.stringify(await catalog.searchEntries('paid'))).not.toContain('LOCKED-');
    });
  });
}
