import type { SearchDocument } from '../search/documents';
import type { Kind, MovieKind } from './kinds';
import type { Page, PageRequest } from './paging';
import type { Pricing } from './pricing';

/**
 * What the site shows. A locked title carries no playback URL at all: the only way to one is
 * `Catalog.getVideo`, which the payment layer calls for a browser that owns the video.
 */
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
 * How a title plays: a free one's URL and subtitles; a locked one's purchase, and whether it is a packaged stream
 * (`stream`, never its address: the page fetches a stream's player code while its buyer pays, issue 44). A locked one
 * carries no subtitles: subtitle files are public text that would give away what a paid video says.
 */
export type Access =
  | { locked: false; videourl: string; subtitles: Subtitle[] }
  /** `preview`: its first minutes play free (`previewSeconds` on a packaged stream), at lib/routes.ts previewRoute. */
  | { locked: true; purchasePath: string; stream?: true; preview?: true };

/** What the document sets about its price (lib/catalog/pricing.ts); only a locked title's is read. */
interface Priced {
  pricing: Pricing;
}

/** A title's release date (ISO 8601; lib/catalog/release.ts): a locked title sells as a pre-order before it. */
interface Released {
  releaseDate?: string | null;
}

export type MovieItem = Titled & Access & Priced & Released & { collection: MovieKind; type: string };

export type Episode = Titled & Access & { episodeNumber: number };

export interface SeriesSummary extends Titled, Priced, Released {
  locked: boolean;
  totalSeasons: number;
  episodeCount: number;
}

/** A season's pricing sells it on its own (a season pass) where the document sets one; by default it is not. */
export interface SeasonSummary extends Titled, Priced {
  seriesId: string;
  seasonNumber: number;
  totalEpisodes: number;
}

export interface SeriesDetail extends SeriesSummary {
  /** One page of its seasons, by seasonNumber. */
  seasons: Page<SeasonSummary>;
}

export interface SeasonDetail extends SeasonSummary {
  series: SeriesSummary;
  /** One page of its episodes, by episodeNumber. */
  episodes: Page<Episode>;
}

export interface ShortFilmSummary extends Titled, Priced, Released {
  locked: boolean;
  episodeCount: number;
}

export interface ShortFilmDetail extends ShortFilmSummary {
  episodes: Page<Episode>;
}

/** Server-only: a movie's or an episode's video source. */
export interface Video {
  path: string;
  title: string;
  videourl: string;
  /** The seconds anyone may play free (a locked stream's preview), where the document sets a usable `previewSeconds`. */
  previewSeconds?: number;
  /** The release date of its locked title (the movie, or the show an episode is in): it plays from then. */
  releaseDate?: string;
}

/**
 * The catalog's reads. Lists are pages (`PageRequest`: a cursor and a size) read as one ordered,
 * limited query; a malformed cursor answers null, as an unknown id does.
 */
export interface Catalog {
  /** Titles of one kind in "popular" order (see popularity.ts). */
  listMovies(collection: MovieKind, request: PageRequest): Promise<Page<MovieItem> | null>;
  listSeries(request: PageRequest): Promise<Page<SeriesSummary> | null>;
  listShortFilms(request: PageRequest): Promise<Page<ShortFilmSummary> | null>;
  /** How many documents a kind holds (an aggregation), to split the sitemap. */
  countTitles(collection: Kind): Promise<number>;
  getMovie(collection: MovieKind, id: string): Promise<MovieItem | null>;
  getSeries(seriesId: string, seasons?: PageRequest): Promise<SeriesDetail | null>;
  getSeason(seriesId: string, seasonId: string, episodes?: PageRequest): Promise<SeasonDetail | null>;
  getShortFilm(shortFilmId: string, episodes?: PageRequest): Promise<ShortFilmDetail | null>;
  /** The first episode of the seasons after `seasonNumber`: the player's "Up next" at a season's end. */
  getFirstEpisodeAfter(seriesId: string, seasonNumber: number): Promise<Episode | null>;
  /** Server-only: what a purchasable path names and whether it is for sale, in a read or two. */
  getTitle(path: string): Promise<TitleRef | null>;
  /** Server-only: the video of a movie or episode path, in a read or two. */
  getVideo(path: string): Promise<Video | null>;
  /** Server-only: the video a purchase of `path` starts with (a series: its first episode), in a few reads. */
  firstVideo(path: string): Promise<Video | null>;
  /** The search entries found by one normalized word piece: a bounded number of candidates to rank. */
  searchEntries(token: string): Promise<SearchDocument[]>;
}

/** A purchasable path's title, without its videos. */
export interface TitleRef extends Priced {
  path: string;
  title: string;
  /** The cover to show on a receipt; null for the default one. */
  coverimg: string | null;
  locked: boolean;
  /** The release date of the locked title this path is in: sold before it as a pre-order. */
  releaseDate?: string;
  /** A part its show locks (an episode): sold only through that show's offers, never alone. */
  soldThrough?: { path: string; title: string };
}
