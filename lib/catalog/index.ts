import 'server-only';
import { cache } from 'react';
import { env } from '../env';
import { chooseBackend, firestore } from '../firebase';
import { createCatalog } from './catalog';
import { createFirestoreStore } from './firestore';
import { createLocalStore } from './local';
import type { Catalog } from './types';

export type * from './types';

export const catalogBackend = chooseBackend(env);

const store = catalogBackend === 'firestore' ? createFirestoreStore(firestore(env)) : createLocalStore();
const catalog = createCatalog(store);

/** Per-render memoisation: metadata and page asking for the same title read it once. */
export const listTrailers = cache(catalog.listTrailers);
export const listDocumentaries = cache(catalog.listDocumentaries);
export const listSeries = cache(catalog.listSeries);
export const listShortFilms = cache(catalog.listShortFilms);
export const getMovie = cache(catalog.getMovie);
export const getSeries = cache(catalog.getSeries);
export const getSeason = cache(catalog.getSeason);
export const getShortFilm = cache(catalog.getShortFilm);
export const getPurchasable: Catalog['getPurchasable'] = catalog.getPurchasable;
