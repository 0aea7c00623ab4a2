import { createHash } from 'node:crypto';
import type { Catalog, Episode, MovieItem, SeasonSummary, SeriesSummary, ShortFilmDetail } from './types';

type SnapshotReads = Pick<Catalog, 'listTrailers' | 'listDocumentaries' | 'listSeries' | 'listShortFilms' | 'getSeries' | 'getSeason' | 'getShortFilm'>;

interface SeasonWithEpisodes {
  season: SeasonSummary;
  episodes: Episode[];
}

/** Every title of the catalog at one moment, down to each episode: what search looks through. */
export interface CatalogSnapshot {
  /** Changes exactly when the content does, so whatever is derived from a snapshot can be kept per revision. */
  revision: string;
  movies: MovieItem[];
  series: { series: SeriesSummary; seasons: SeasonWithEpisodes[] }[];
  shortFilms: ShortFilmDetail[];
}

/** Reads the whole catalog through `reads` (the cached reads on the site, so this costs no extra store reads once pages have run). */
export async function takeSnapshot(reads: SnapshotReads): Promise<CatalogSnapshot> {
  const [trailers, documentaries, seriesList, filmList] = await Promise.all([
    reads.listTrailers(),
    reads.listDocumentaries(),
    reads.listSeries(),
    reads.listShortFilms(),
  ]);
  const series = await Promise.all(
    seriesList.map(async (summary) => {
      const detail = await reads.getSeries(summary.id);
      const seasons = await Promise.all(
        (detail?.seasons ?? []).map(async (season) => ({ season, episodes: (await reads.getSeason(summary.id, season.id))?.episodes ?? [] })),
      );
      return { series: summary, seasons };
    }),
  );
  const shortFilms = (await Promise.all(filmList.map((film) => reads.getShortFilm(film.id)))).filter((film) => film !== null);
  const content = { movies: [...trailers, ...documentaries], series, shortFilms };
  const revision = createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 16);
  return { revision, ...content };
}
