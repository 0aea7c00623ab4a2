import 'server-only';
import type { Kind } from './kinds';
import { listMovies, listSeries, listShortFilms } from './index';
import type { Page } from './paging';
import type { MovieItem, SeriesSummary, ShortFilmSummary } from './types';

export type BrowseItems =
  | { kind: 'series'; page: Page<SeriesSummary> }
  | { kind: 'shortFilms'; page: Page<ShortFilmSummary> }
  | { kind: 'movies'; page: Page<MovieItem> };

/**
 * One page of every title of a kind, in "popular" order. Null for a cursor that is malformed or past
 * the end (a 404, never an empty page), and for a cursor given more than once.
 */
export async function browsePage(kind: Kind, after: string | string[] | undefined, size?: number): Promise<BrowseItems | null> {
  if (Array.isArray(after)) return null;
  const read = async (): Promise<BrowseItems | null> => {
    if (kind === 'series') return wrap('series', await listSeries(after, size));
    if (kind === 'shortFilms') return wrap('shortFilms', await listShortFilms(after, size));
    return wrap('movies', await listMovies(kind, after, size));
  };
  const found = await read();
  return found && (found.page.items.length > 0 || after === undefined) ? found : null;
}

function wrap<K extends BrowseItems['kind'], T>(kind: K, page: Page<T> | null) {
  return page && ({ kind, page } as BrowseItems);
}
