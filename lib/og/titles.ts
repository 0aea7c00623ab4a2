import type { Card } from './card';

/** A catalog document path that has a page, and so an Open Graph card. */
export type TitlePath =
  | { kind: 'trailers' | 'documentaries'; id: string }
  | { kind: 'series'; id: string }
  | { kind: 'season'; seriesId: string; seasonId: string }
  | { kind: 'shortFilms'; id: string };

const ID = '([A-Za-z0-9_-]{1,128})';
const MOVIE = new RegExp(`^(trailers|documentaries)/${ID}$`);
const SERIES = new RegExp(`^series/${ID}$`);
const SEASON = new RegExp(`^series/${ID}/seasons/${ID}$`);
const SHORT_FILM = new RegExp(`^shortFilms/${ID}$`);

export const TITLE_PATH_FORMS = 'trailers/<id>, documentaries/<id>, series/<id>, series/<id>/seasons/<id> or shortFilms/<id>';

/** Parses `series/abc`, `series/abc/seasons/s1`, … ; null for anything else. */
export function parseTitlePath(path: string): TitlePath | null {
  let match: RegExpExecArray | null;
  if ((match = MOVIE.exec(path))) return { kind: match[1] as 'trailers' | 'documentaries', id: match[2]! };
  if ((match = SERIES.exec(path))) return { kind: 'series', id: match[1]! };
  if ((match = SEASON.exec(path))) return { kind: 'season', seriesId: match[1]!, seasonId: match[2]! };
  if ((match = SHORT_FILM.exec(path))) return { kind: 'shortFilms', id: match[1]! };
  return null;
}

type Named = { title: string };
/** The reads a card needs: a title's name (and a season's series' name). */
export interface TitleReads {
  getMovie(collection: 'trailers' | 'documentaries', id: string): Promise<Named | null>;
  getSeries(seriesId: string): Promise<Named | null>;
  getSeason(seriesId: string, seasonId: string): Promise<(Named & { series: Named }) | null>;
  getShortFilm(shortFilmId: string): Promise<Named | null>;
}

/** What the card of a title says, read from the catalog; null when the catalog has no such title. */
export async function cardForTitle(title: TitlePath, catalog: TitleReads): Promise<Card | null> {
  switch (title.kind) {
    case 'trailers':
    case 'documentaries': {
      const movie = await catalog.getMovie(title.kind, title.id);
      return movie && { title: movie.title, kind: title.kind === 'trailers' ? 'Trailer' : 'Documentary' };
    }
    case 'series': {
      const series = await catalog.getSeries(title.id);
      return series && { title: series.title, kind: 'Series' };
    }
    case 'season': {
      const season = await catalog.getSeason(title.seriesId, title.seasonId);
      return season && { title: `${season.title} · ${season.series.title}`, kind: 'Season' };
    }
    case 'shortFilms': {
      const film = await catalog.getShortFilm(title.id);
      return film && { title: film.title, kind: 'Short film' };
    }
  }
}

/** The card of a page that is not a title (home, guides, contact): the site's own. */
export const SITE_CARD: Card = { title: 'Trailers, documentaries, series and short films', kind: 'Now streaming' };
