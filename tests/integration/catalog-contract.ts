import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createCatalog } from '@/lib/catalog/catalog';
import type { DocumentStore } from '@/lib/catalog/store';
import type { Catalog } from '@/lib/catalog/types';

/** Counts reads so a test can hold a page's data needs to a fixed number of queries (no N+1). */
function counting(store: DocumentStore) {
  const reads = { list: [] as string[], get: [] as string[] };
  const counted: DocumentStore = {
    list: (path) => (reads.list.push(path), store.list(path)),
    get: (path) => (reads.get.push(path), store.get(path)),
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

    it('lists trailers by id, skipping and logging a broken document by its path', async () => {
      const trailers = await catalog.listTrailers();
      expect(trailers.map((t) => t.id)).toEqual(['a-minimal', 'b-orbit', 'c-vault']);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('trailers/d-broken'));
      expect(warn.mock.calls[0]?.[0]).toContain('title');
    });

    it('gives missing optional fields their defaults', async () => {
      const [minimal] = await catalog.listTrailers();
      expect(minimal).toMatchObject({ title: 'Minimal', type: 'Movie', description: '', coverimg: null, locked: false, collection: 'trailers', path: 'trailers/a-minimal' });
      const [deep] = await catalog.listDocumentaries();
      expect(deep).toMatchObject({ coverimg: null, type: 'Documentary' });
    });

    it('never carries a locked title’s playback URL', async () => {
      const vault = (await catalog.listTrailers()).find((t) => t.id === 'c-vault');
      expect(vault).toEqual(expect.objectContaining({ locked: true, purchasePath: 'trailers/c-vault' }));
      expect(vault).not.toHaveProperty('videourl');
      const everything = await Promise.all([
        catalog.listTrailers(), catalog.listSeries(), catalog.listShortFilms(),
        catalog.getSeries('paid-show'), catalog.getSeason('paid-show', 'only'), catalog.getShortFilm('locked-film'),
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
      expect((await catalog.getMovie('trailers', 'a-minimal'))).toMatchObject({ subtitles: [] });
      const film = await catalog.getShortFilm('tiny');
      expect(film?.episodes[0]).toMatchObject({ subtitles: [{ lang: 'pt-BR', src: '/s/t1.pt-BR.vtt' }] });
      expect(film?.episodes[1]).toMatchObject({ subtitles: [] });
    });

    it('never offers a locked title’s subtitles, and tells the operator why', async () => {
      const vault = await catalog.getMovie('trailers', 'c-vault');
      expect(vault).not.toHaveProperty('subtitles');
      const season = await catalog.getSeason('paid-show', 'only');
      expect(season?.episodes.every((e) => !('subtitles' in e))).toBe(true);
      expect(warn).toHaveBeenCalledWith('[catalog] trailers/c-vault: locked: its subtitles are not offered (subtitle files are public, and would give away the paid video)');
    });

    it('lists series and short films with their episode counts in one read each', async () => {
      const series = await catalog.listSeries();
      expect(series.map((s) => [s.id, s.episodeCount, s.locked])).toEqual([
        ['empty-show', 0, false], ['free-show', 3, false], ['paid-show', 2, true],
      ]);
      const films = await catalog.listShortFilms();
      expect(films.map((f) => [f.id, f.episodeCount])).toEqual([['locked-film', 1], ['tiny', 3]]);
      expect(reads.list).toEqual(['series', 'shortFilms']);
      expect(reads.get).toEqual([]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('shortFilms/broken-film'));
    });

    it('returns a series with its seasons by seasonNumber, skipping a broken season', async () => {
      const series = await catalog.getSeries('free-show');
      expect(series?.title).toBe('Free Show');
      expect(series?.seasons.map((s) => [s.id, s.seasonNumber])).toEqual([['s1', 1], ['s2', 2]]);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('series/free-show/seasons/s9'));
      expect(reads.list).toHaveLength(1);
    });

    it('returns a season with its series and its episodes by episodeNumber', async () => {
      const season = await catalog.getSeason('free-show', 's1');
      expect(season?.series.title).toBe('Free Show');
      expect(season?.episodes.map((e) => e.episodeNumber)).toEqual([1, 2]);
      expect(season?.episodes[0]).toMatchObject({ locked: true, purchasePath: 'series/free-show/seasons/s1/episodes/e1' });
      expect(season?.episodes[1]).toMatchObject({ locked: false, videourl: '/v/e2.mp4' });
    });

    it('locks every episode of a locked series, sold as the series', async () => {
      const season = await catalog.getSeason('paid-show', 'only');
      expect(season?.episodes.map((e) => [e.title, e.locked, e.locked && e.purchasePath])).toEqual([
        ['Paid One', true, 'series/paid-show'], ['Paid Two', true, 'series/paid-show'],
      ]);
    });

    it('returns a season with no episodes as an empty list', async () => {
      expect((await catalog.getSeason('empty-show', 's1'))?.episodes).toEqual([]);
    });

    it('returns a short film with its episodes ascending', async () => {
      const film = await catalog.getShortFilm('tiny');
      expect(film?.episodes.map((e) => e.title)).toEqual(['Tiny One', 'Tiny Two', 'Tiny Three']);
      const locked = await catalog.getShortFilm('locked-film');
      expect(locked?.episodes[0]).toMatchObject({ locked: true, purchasePath: 'shortFilms/locked-film' });
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
      const before = reads.get.length + reads.list.length;
      for (const bad of ['..', 'a/b', '', '%2e%2e']) {
        expect(await catalog.getSeries(bad)).toBeNull();
        expect(await catalog.getShortFilm(bad)).toBeNull();
        expect(await catalog.getSeason('free-show', bad)).toBeNull();
      }
      expect(reads.get.length + reads.list.length).toBe(before);
    });

    it('resolves what a purchase of a path unlocks', async () => {
      expect(await catalog.getPurchasable('trailers/c-vault')).toMatchObject({
        locked: true, title: 'Vault', playback: { videos: [{ path: 'trailers/c-vault', videourl: '/v/LOCKED-vault.mp4' }] },
      });
      const series = await catalog.getPurchasable('series/paid-show');
      expect(series?.locked).toBe(true);
      expect(series?.playback.videos.map((v) => v.videourl)).toEqual(['/v/LOCKED-p1.mp4', '/v/LOCKED-p2.mp4']);
      const film = await catalog.getPurchasable('shortFilms/locked-film');
      expect(film?.playback.videos.map((v) => v.title)).toEqual(['Locked One']);
      const episode = await catalog.getPurchasable('series/free-show/seasons/s1/episodes/e1');
      expect(episode).toMatchObject({ locked: true, playback: { videos: [{ videourl: '/v/e1.mp4' }] } });
      expect((await catalog.getPurchasable('trailers/b-orbit'))?.locked).toBe(false);
      for (const bad of ['trailers/nope', 'series/free-show/seasons/s1', 'purchases/x', 'trailers', 'trailers/../x', '']) {
        expect(await catalog.getPurchasable(bad)).toBeNull();
      }
    });
  });
}
