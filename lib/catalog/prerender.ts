import 'server-only';
import { env } from '../env/server';
import { getSeries, listMovies, listSeries, listShortFilms } from './index';
import type { MovieKind } from './kinds';

/**
 * What `next build` renders ahead: the PRERENDER_TITLES most popular titles of each kind (and as many
 * seasons of the most popular series). Everything else renders on its first visit and is cached, so a
 * build reads the same few pages whatever the catalog holds.
 */
const count = () => env.PRERENDER_TITLES;

export const prerenderedSeriesIds = async () => (await listSeries(undefined, count()))?.items.map((series) => series.id) ?? [];
export const prerenderedShortFilmIds = async () => (await listShortFilms(undefined, count()))?.items.map((film) => film.id) ?? [];
export const prerenderedMovieIds = async (collection: MovieKind) => (await listMovies(collection, undefined, count()))?.items.map((movie) => movie.id) ?? [];

export async function prerenderedSeasons() {
  const seasons: { seriesId: string; seasonId: string }[] = [];
  for (const seriesId of await prerenderedSeriesIds()) {
    if (seasons.length >= count()) break;
    const series = await getSeries(seriesId);
    for (const season of series?.seasons.items ?? []) seasons.push({ seriesId, seasonId: season.id });
  }
  return seasons.slice(0, count());
}
