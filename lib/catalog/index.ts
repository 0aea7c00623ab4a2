import 'server-only';
import { unstable_cache } from 'next/cache';
import { cache } from 'react';
import { env } from '../env';
import { chooseBackend, firestore } from '../firebase';
import { createCatalog } from './catalog';
import { publicCoverCheck } from './covers';
import { createFirestoreStore } from './firestore';
import { createLocalStore } from './local';
import { takeSnapshot, type CatalogSnapshot } from './snapshot';
import type { Catalog } from './types';

export type * from './types';

const catalogBackend = chooseBackend(env);

const store = catalogBackend === 'firestore' ? createFirestoreStore(firestore(env), env.FIRESTORE_TIMEOUT_MS) : createLocalStore();
const catalog = createCatalog(store, console, publicCoverCheck());

/** Every cached catalog read carries this tag; POST /api/revalidate expires them all. */
export const CATALOG_TAG = 'catalog';

/**
 * Reads for pages: kept REVALIDATE_SECONDS in Next's data cache (which also sets the ISR
 * interval of every page that uses them), and memoised per render so metadata and page share one read.
 */
function cachedRead<Args extends string[], Result>(name: string, read: (...args: Args) => Promise<Result>) {
  return cache(unstable_cache(read, ['catalog', name], { revalidate: env.REVALIDATE_SECONDS, tags: [CATALOG_TAG] }));
}

export const listTrailers = cachedRead('listTrailers', catalog.listTrailers);
export const listDocumentaries = cachedRead('listDocumentaries', catalog.listDocumentaries);
export const listSeries = cachedRead('listSeries', catalog.listSeries);
export const listShortFilms = cachedRead('listShortFilms', catalog.listShortFilms);
export const getMovie = cachedRead('getMovie', catalog.getMovie);
export const getSeries = cachedRead('getSeries', catalog.getSeries);
export const getSeason = cachedRead('getSeason', catalog.getSeason);
export const getShortFilm = cachedRead('getShortFilm', catalog.getShortFilm);
/**
 * The first episode after a season, for the player's "Up next" at the season's end: the next season
 * that has any episodes (a season may be announced before its episodes are added).
 */
export async function getFirstEpisodeAfter(seriesId: string, seasonNumber: number) {
  const later = (await getSeries(seriesId))?.seasons.filter((season) => season.seasonNumber > seasonNumber) ?? [];
  for (const season of later) {
    const first = (await getSeason(seriesId, season.id))?.episodes[0];
    if (first) return first;
  }
  return null;
}

/** Payments read the source itself: a purchase must see the title as it is now. */
export const getPurchasable: Catalog['getPurchasable'] = catalog.getPurchasable;
/** Playback links for what a browser already owns may come from the cache, like the pages. */
export const getOwnedPlayback = cachedRead('getPurchasable', catalog.getPurchasable);
/**
 * What `derive` makes of the whole catalog (search's documents), kept in the data cache like the reads
 * above. The snapshot is taken through those cached reads, so it costs no store read once pages have
 * run; only the derived value is stored, since every later read of it parses it again.
 */
export function cachedFromSnapshot<Result>(name: string, derive: (snapshot: CatalogSnapshot) => Result) {
  return cachedRead(name, async () =>
    derive(await takeSnapshot({ listTrailers, listDocumentaries, listSeries, listShortFilms, getSeries, getSeason, getShortFilm })),
  );
}
