import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import type { DocumentStore } from '@/lib/catalog/store';

/**
 * Firestore unreachable: a read must fail, never come back as an empty catalog. An empty answer would
 * be cached and rendered as a page with nothing on it; a failed read makes Next keep serving the last
 * good page (ISR only replaces a page once its render succeeds) and log the failure.
 */
describe('catalog reads while the store is down', () => {
  const down: DocumentStore = {
    query: () => Promise.reject(new Error('14 UNAVAILABLE: No connection established')),
    get: () => Promise.reject(new Error('14 UNAVAILABLE: No connection established')),
    count: () => Promise.reject(new Error('14 UNAVAILABLE: No connection established')),
  };
  const catalog = createCatalog(down, { warn: () => {} });

  it.each([
    ['listMovies', () => catalog.listMovies('trailers', { size: 24 })],
    ['listSeries', () => catalog.listSeries({ size: 24 })],
    ['listShortFilms', () => catalog.listShortFilms({ size: 24 })],
    ['countTitles', () => catalog.countTitles('series')],
    ['searchEntries', () => catalog.searchEntries('night')],
    ['getTitle', () => catalog.getTitle('series/harbor-lights')],
    ['getSeries', () => catalog.getSeries('harbor-lights')],
    ['getSeason', () => catalog.getSeason('harbor-lights', 'season-one')],
    ['getMovie', () => catalog.getMovie('trailers', 'iron-meridian')],
    ['getVideo', () => catalog.getVideo('trailers/iron-meridian')],
    ['firstVideo', () => catalog.firstVideo('series/harbor-lights')],
  ])('%s rejects instead of answering an empty catalog', async (_name, read) => {
    await expect(read()).rejects.toThrow(/UNAVAILABLE/);
  });
});
