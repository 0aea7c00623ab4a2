import type { CatalogSnapshot } from '@/lib/catalog/snapshot';
import type { Episode } from '@/lib/catalog/types';
import { routes } from '@/lib/routes';

export type SearchKind = 'trailer' | 'documentary' | 'series' | 'season' | 'shortFilm' | 'episode';

/** One searchable title, with what its result card shows. */
export interface SearchDocument {
  /** The catalog path: unique, and the card's key. */
  path: string;
  kind: SearchKind;
  title: string;
  description: string;
  coverimg: string | null;
  /** The page that shows it: an episode's is its season's or short film's page. */
  href: string;
  locked: boolean;
  /** Where it belongs, for seasons and episodes: "Harbor Lights · Season 1". */
  context: string | null;
}

const episodeDocument = (episode: Episode, href: string, context: string, coverimg: string | null): SearchDocument => ({
  path: episode.path,
  kind: 'episode',
  title: episode.title,
  description: episode.description,
  coverimg: episode.coverimg ?? coverimg,
  href,
  locked: episode.locked,
  context: `${context} · Episode ${episode.episodeNumber}`,
});

/** The search documents of one catalog revision: what the data cache keeps for search. */
export interface SearchSource {
  revision: string;
  documents: SearchDocument[];
}

export const searchSourceOf = (snapshot: CatalogSnapshot): SearchSource => ({ revision: snapshot.revision, documents: searchDocumentsOf(snapshot) });

/** Every title of a snapshot as a search document: movies, series, their seasons and episodes, short films and theirs. */
export function searchDocumentsOf(snapshot: CatalogSnapshot): SearchDocument[] {
  const documents: SearchDocument[] = [];
  for (const movie of snapshot.movies) {
    const kind = movie.collection === 'trailers' ? 'trailer' : 'documentary';
    const { path, title, description, coverimg, locked } = movie;
    documents.push({ path, kind, title, description, coverimg, href: routes.watch(movie.collection, movie.id), locked, context: null });
  }
  for (const { series, seasons } of snapshot.series) {
    const { path, title, description, coverimg, locked } = series;
    documents.push({ path, kind: 'series', title, description, coverimg, href: routes.series(series.id), locked, context: null });
    for (const { season, episodes } of seasons) {
      const href = routes.season(series.id, season.id);
      const cover = season.coverimg ?? series.coverimg;
      const context = `${series.title} · Season ${season.seasonNumber}`;
      documents.push({ path: season.path, kind: 'season', title: season.title, description: season.description, coverimg: cover, href, locked, context });
      for (const episode of episodes) documents.push(episodeDocument(episode, href, context, cover));
    }
  }
  for (const film of snapshot.shortFilms) {
    const { path, title, description, coverimg, locked } = film;
    const href = routes.shortFilm(film.id);
    documents.push({ path, kind: 'shortFilm', title, description, coverimg, href, locked, context: null });
    for (const episode of film.episodes) documents.push(episodeDocument(episode, href, title, coverimg));
  }
  return documents;
}
