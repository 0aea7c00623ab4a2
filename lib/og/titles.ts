import { isMovieKind, KINDS, parseTitlePath, type MovieKind, type TitleAddress } from '../catalog/kinds';
import type { Card } from './card';

/** A catalog document that has a page, and so an Open Graph card: a title or a season (an episode is on its season's page). */
type CardTitle = Exclude<TitleAddress, { depth: 'episode' }>;

export const TITLE_PATH_FORMS = 'trailers/<id>, documentaries/<id>, series/<id>, series/<id>/seasons/<id> or shortFilms/<id>';

/** Parses `series/abc`, `series/abc/seasons/s1`, … ; null for anything else. */
export function cardTitleAt(path: string): CardTitle | null {
  const address = parseTitlePath(path);
  return address?.depth === 'episode' ? null : address;
}

type Named = { title: string };
/** The reads a card needs: a title's name (and a season's series' name). */
export interface TitleReads {
  getMovie(collection: MovieKind, id: string): Promise<Named | null>;
  getSeries(seriesId: string): Promise<Named | null>;
  getSeason(seriesId: string, seasonId: string): Promise<(Named & { series: Named }) | null>;
  getShortFilm(shortFilmId: string): Promise<Named | null>;
}

/** What the card of a title says, read from the catalog; null when the catalog has no such title. */
export async function cardForTitle(title: CardTitle, catalog: TitleReads): Promise<Card | null> {
  if (title.depth === 'season') {
    const season = await catalog.getSeason(...title.ids);
    return season && { title: `${season.title} · ${season.series.title}`, kind: 'Season' };
  }
  const [id] = title.ids;
  const { kind } = title;
  const found = await (isMovieKind(kind) ? catalog.getMovie(kind, id) : kind === 'series' ? catalog.getSeries(id) : catalog.getShortFilm(id));
  return found && { title: found.title, kind: KINDS[kind].singular };
}

/** The card of a page that is not a title (home, guides, contact): the site's own. */
export const SITE_CARD: Card = { title: 'Trailers, documentaries, series and short films', kind: 'Now streaming' };
