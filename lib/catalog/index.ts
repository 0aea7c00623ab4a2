import 'server-only';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import { env } from '../env/server';
import { catchUpByKey } from '../catch-up';
import { chooseBackend, firestore } from '../firebase-admin-app';
import { searchWith } from '../search/lookup';
import type { SearchResults } from '../search/ranking';
import { createCatalog } from './reads';
import { publicCoverCheck } from './cover-check';
import { createFirestoreStore } from './firestore-adapter';
import { createLocalStore } from './local';
import { PAGE_SIZES } from './paging';
import { countPurchaseIn } from './purchase-count';
import { noteEditedTitle } from './sync/service';
import { CATALOG_TAG, listTag, searchTag, treeTag } from './tags';
import { catalogUpkeep } from './upkeep';
import type { Kind, MovieKind } from './kinds';

export type * from './types';
export type { Page } from './paging';
export { PAGE_SIZES } from './paging';
export { expireCatalogReads } from './tags';
export { keepCatalogFresh } from './sync/service';

const catalogBackend = chooseBackend(env);

const db = catalogBackend === 'firestore' ? firestore(env) : null;
const store = db ? createFirestoreStore(db, env.FIRESTORE_TIMEOUT_MS) : createLocalStore();
const catalog = createCatalog(store, console, publicCoverCheck(), noteEditedTitle);
const { lifetimeSeconds } = catalogUpkeep(env);
/** This build's name (next.config.ts): no read cached by another build, in another shape, is ever taken for this one's. */
const BUILD = process.env.CATALOG_CACHE_BUILD ?? 'unbuilt';

/**
 * Reads for pages, kept in Next's data cache under tags naming what they depend on (a title's tree, a
 * list of a kind, search), so POST /api/revalidate and the catalog sync expire exactly the reads a change
 * touches; their lifetime is the backstop (a day), or where no listener runs (Vercel) what keeps an
 * operator's edit within CATALOG_SYNC_SECONDS (lib/catalog/upkeep.ts). Memoised per render, so metadata and
 * page share one read.
 * Every value is one page of a list or one title: far below the data cache's 2 MB limit. Visitors who miss the
 * same read at once (its tags just expired, or it went stale under a burst of searches) share its Firestore reads
 * (catchUpByKey): two at most, each answering only calls made before it started, so no edit is answered stale.
 * Not `'use cache'`: without cacheComponents it keeps entries in each process's memory, so on Vercel every
 * instance would read Firestore anew, where this data cache is shared (docs/catalog.md, "Caching").
 */
function cachedRead<Args extends unknown[], Result>(name: string, read: (...args: Args) => Promise<Result>, dependsOn: (args: NoInfer<Args>) => string[]) {
  const readCaughtUp = catchUpByKey(read, (args) => args.map(String).join('\u0000'));
  return cache((...args: Args) =>
    unstable_cache(() => readCaughtUp(...args), ['catalog', BUILD, name, ...args.map(String)], {
      revalidate: lifetimeSeconds,
      tags: [CATALOG_TAG, ...dependsOn(args)],
    })(),
  );
}

export const listMovies = cachedRead(
  'listMovies',
  (collection: MovieKind, after?: string, size: number = PAGE_SIZES.titles) => catalog.listMovies(collection, { after, size }),
  ([collection]) => [listTag(collection)],
);
export const listSeries = cachedRead(
  'listSeries',
  (after?: string, size: number = PAGE_SIZES.titles) => catalog.listSeries({ after, size }),
  () => [listTag('series')],
);
export const listShortFilms = cachedRead(
  'listShortFilms',
  (after?: string, size: number = PAGE_SIZES.titles) => catalog.listShortFilms({ after, size }),
  () => [listTag('shortFilms')],
);
export const countTitles = cachedRead(
  'countTitles',
  (collection: Kind) => catalog.countTitles(collection),
  ([collection]) => [listTag(collection)],
);
export const getMovie = cachedRead('getMovie', catalog.getMovie, ([collection, id]) => [treeTag(`${collection}/${id}`)]);
export const getSeries = cachedRead(
  'getSeries',
  (seriesId: string, seasonsAfter?: string) => catalog.getSeries(seriesId, { after: seasonsAfter, size: PAGE_SIZES.seasons }),
  ([seriesId]) => [treeTag(`series/${seriesId}`)],
);
export const getSeason = cachedRead(
  'getSeason',
  (seriesId: string, seasonId: string, episodesAfter?: string) => catalog.getSeason(seriesId, seasonId, { after: episodesAfter, size: PAGE_SIZES.episodes }),
  ([seriesId]) => [treeTag(`series/${seriesId}`)],
);
export const getShortFilm = cachedRead(
  'getShortFilm',
  (shortFilmId: string, episodesAfter?: string) => catalog.getShortFilm(shortFilmId, { after: episodesAfter, size: PAGE_SIZES.episodes }),
  ([shortFilmId]) => [treeTag(`shortFilms/${shortFilmId}`)],
);
export const getFirstEpisodeAfter = cachedRead('getFirstEpisodeAfter', catalog.getFirstEpisodeAfter, ([seriesId]) => [treeTag(`series/${seriesId}`)]);
/** The search candidates of one word piece; every change to the catalog expires them. */
const searchEntries = cachedRead('searchEntries', catalog.searchEntries, () => [searchTag]);
/** Searches the catalog: a few hundred document reads at most per word piece, and none once its candidates are cached. */
export const searchCatalog = (query: string): Promise<SearchResults> => searchWith(searchEntries, query);

/** The tree tag of the title a path lies in (`series/x/seasons/s1/episodes/e1` → `series/x`). */
const titleTree = ([path]: [string]) => [treeTag(path.split('/').slice(0, 2).join('/'))];
/** A video's source, for a browser that owns it: cached and tagged by its title, like the pages. */
export const getVideo = cachedRead('getVideo', catalog.getVideo, titleTree);
/** Where a just-bought title starts playing. */
export const firstVideo = cachedRead('firstVideo', catalog.firstVideo, titleTree);
/**
 * What a purchasable path names, as the pages show it: a checkout charges what its page showed, a receipt names
 * it, and a path naming nothing costs one read per cache lifetime however often it is asked. An edit expires it
 * with the title's pages (its tree tag).
 */
export const getTitle = cachedRead('getTitle', catalog.getTitle, titleTree);

/**
 * Counts a claimed purchase toward its title's place in "popular" (Firestore only: the embedded catalog
 * is read-only). Never fails the payment it follows: a lost increment is repaired by `npm run recount`.
 */
export async function countPurchase(path: string): Promise<void> {
  if (!db) return;
  try {
    await countPurchaseIn(db, path);
  } catch (error) {
    console.error(`[catalog] could not count the purchase of ${path} (npm run recount repairs it)`, error);
  }
}
