/**
 * What the site shows. A locked title carries no playback URL at all: the only way to one is
 * `Catalog.getPlayback`, which the payment layer calls for entitled browsers.
 */
export type MovieCollection = 'trailers' | 'documentaries';

interface Titled {
  id: string;
  /** Firestore document path, also the unit a visitor buys: `trailers/abc`, `series/xyz`. */
  path: string;
  title: string;
  description: string;
  /** null when the document has none: the UI shows the default cover. */
  coverimg: string | null;
  /** When the document last changed (ISO 8601), where the backend knows: Firestore does, the embedded catalog does not. */
  updatedAt?: string;
}

/** A WebVTT subtitle track: a BCP-47 `lang`, the `label` a viewer picks it by, and its same-site `src`. */
export interface Subtitle {
  lang: string;
  label: string;
  src: string;
}

/**
 * Free items carry their URL and subtitle tracks; locked ones name the path that unlocks them and
 * carry neither (subtitle files are public text that would give away what a paid video says).
 */
export type Access = { locked: false; videourl: string; subtitles: Subtitle[] } | { locked: true; purchasePath: string };

export type MovieItem = Titled & Access & { collection: MovieCollection; type: string };

export type Episode = Titled & Access & { episodeNumber: number };

export interface SeriesSummary extends Titled {
  locked: boolean;
  totalSeasons: number;
  episodeCount: number;
}

export interface SeasonSummary extends Titled {
  seriesId: string;
  seasonNumber: number;
  totalEpisodes: number;
}

export interface SeriesDetail extends SeriesSummary {
  seasons: SeasonSummary[];
}

export interface SeasonDetail extends SeasonSummary {
  series: SeriesSummary;
  episodes: Episode[];
}

export interface ShortFilmSummary extends Titled {
  locked: boolean;
  episodeCount: number;
}

export interface ShortFilmDetail extends ShortFilmSummary {
  episodes: Episode[];
}

/** Playback of a purchasable path: one URL for a movie, one per episode for a series or short film. */
export interface Playback {
  path: string;
  title: string;
  videos: { path: string; title: string; videourl: string }[];
}

export interface Catalog {
  listTrailers(): Promise<MovieItem[]>;
  listDocumentaries(): Promise<MovieItem[]>;
  listSeries(): Promise<SeriesSummary[]>;
  listShortFilms(): Promise<ShortFilmSummary[]>;
  getMovie(collection: MovieCollection, id: string): Promise<MovieItem | null>;
  getSeries(seriesId: string): Promise<SeriesDetail | null>;
  getSeason(seriesId: string, seasonId: string): Promise<SeasonDetail | null>;
  getShortFilm(shortFilmId: string): Promise<ShortFilmDetail | null>;
  /** Server-only: the title a path names, whether it is for sale, and its playback URLs. */
  getPurchasable(path: string): Promise<Purchasable | null>;
}

export interface Purchasable {
  path: string;
  title: string;
  /** The cover to show on a receipt; null for the default one. */
  coverimg: string | null;
  locked: boolean;
  playback: Playback;
}
