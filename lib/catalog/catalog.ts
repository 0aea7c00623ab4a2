import type { z } from 'zod';
import {
  documentIdSchema,
  episodeDocSchema,
  movieDocSchema,
  seasonDocSchema,
  seriesDocSchema,
  shortFilmDocSchema,
  type EpisodeDoc,
  type SubtitleList,
} from './schemas';
import { videoSource } from '../media/source';
import type { DocumentStore, RawDocument } from './store';
import type {
  Access,
  Catalog,
  Episode,
  MovieCollection,
  MovieItem,
  Purchasable,
  SeasonSummary,
  SeriesSummary,
  ShortFilmSummary,
} from './types';

export type CatalogLogger = Pick<Console, 'warn'>;

type Parsed<T> = RawDocument & { doc: T };
type Lock = { locked: boolean; purchasePath: string };

const validId = (id: string) => documentIdSchema.safeParse(id).success;
const byId = (a: RawDocument, b: RawDocument) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The site's reads over any DocumentStore: validation, defaults, ordering and the locked-URL rule live here once. */
/** Whether a cover URL names an image that exists; unknown ones (remote URLs) count as existing. */
export type CoverCheck = (coverimg: string) => boolean;

export function createCatalog(store: DocumentStore, log: CatalogLogger = console, coverExists: CoverCheck = () => true): Catalog {
  function parse<S extends z.ZodType>(raw: RawDocument, schema: S): Parsed<z.output<S>> | null {
    const result = schema.safeParse(raw.data);
    if (result.success) return { ...raw, doc: withUsableCover(raw.path, result.data) };
    const reasons = result.error.issues.map((issue) => `${issue.path.join('.') || '(document)'}: ${issue.message}`);
    log.warn(`[catalog] skipped ${raw.path}: ${reasons.join('; ')}`);
    return null;
  }

  const warned = new Set<string>();
  /** The operator hears once per title and problem, not on every read of a cached page. */
  function warnOnce(path: string, message: string) {
    const line = `[catalog] ${path}: ${message}`;
    if (warned.has(line)) return;
    warned.add(line);
    log.warn(line);
  }

  function access(path: string, locked: boolean, videourl: string, purchasePath: string, subtitles: SubtitleList): Access {
    const source = videoSource(videourl);
    if (!source) warnOnce(path, `videourl ${videourl} cannot be served (expected private:…, gs://…, https://… or /…)`);
    else if (locked && source.kind === 'public') {
      warnOnce(path, `locked, but its video is a public URL (${videourl}) that anyone can share; use private:… or gs://… to protect it`);
    } else if (!locked && source.kind !== 'public') warnOnce(path, `free, but its video is private (${videourl}) and cannot be played; lock it or give it a public URL`);
    for (const reason of subtitles.skipped) warnOnce(path, `skipped ${reason}`);
    // Subtitle files are public text: offered with a locked title, they would give away what its paid video says.
    if (locked && subtitles.tracks.length > 0) warnOnce(path, 'locked: its subtitles are not offered (subtitle files are public, and would give away the paid video)');
    return locked ? { locked: true, purchasePath } : { locked: false, videourl, subtitles: subtitles.tracks };
  }

  /** A cover that is known to be missing becomes null, so the page shows the default at once, with no failed request. */
  function withUsableCover<T>(path: string, doc: T): T {
    const { coverimg } = doc as { coverimg?: string | null };
    if (!coverimg || coverExists(coverimg)) return doc;
    log.warn(`[catalog] ${path}: cover ${coverimg} does not exist; showing the default cover`);
    return { ...doc, coverimg: null };
  }

  async function listParsed<S extends z.ZodType>(collectionPath: string, schema: S) {
    const docs = (await store.list(collectionPath)).sort(byId);
    return docs.map((raw) => parse(raw, schema)).filter((doc): doc is Parsed<z.output<S>> => doc !== null);
  }

  async function getParsed<S extends z.ZodType>(documentPath: string, schema: S) {
    const raw = await store.get(documentPath);
    return raw ? parse(raw, schema) : null;
  }

  function movie(collection: MovieCollection, { id, path, doc, updatedAt }: Parsed<z.output<typeof movieDocSchema>>): MovieItem {
    const { title, description, coverimg, type, locked, videourl, subtitles } = doc;
    return { id, path, collection, title, description, coverimg, type, updatedAt, ...access(path, locked, videourl, path, subtitles) };
  }

  /** Episodes of a season or short film; a locked parent locks them all and is what a visitor buys. */
  function episode({ id, path, doc, updatedAt }: Parsed<EpisodeDoc>, parent: Lock): Episode {
    const { title, description, coverimg, episodeNumber, videourl, locked, subtitles } = doc;
    const purchasePath = parent.locked ? parent.purchasePath : path;
    return { id, path, title, description, coverimg, episodeNumber, updatedAt, ...access(path, parent.locked || locked, videourl, purchasePath, subtitles) };
  }

  async function episodeDocs(parentPath: string) {
    const docs = await listParsed(`${parentPath}/episodes`, episodeDocSchema);
    return docs.sort((a, b) => a.doc.episodeNumber - b.doc.episodeNumber);
  }

  async function episodesOf(parentPath: string, lock: Lock) {
    return (await episodeDocs(parentPath)).map((doc) => episode(doc, lock));
  }

  function series({ id, path, doc, updatedAt }: Parsed<z.output<typeof seriesDocSchema>>): SeriesSummary {
    return { id, path, updatedAt, ...doc };
  }

  function season(seriesId: string, { id, path, doc, updatedAt }: Parsed<z.output<typeof seasonDocSchema>>): SeasonSummary {
    return { id, path, seriesId, updatedAt, ...doc };
  }

  function shortFilm({ id, path, doc, updatedAt }: Parsed<z.output<typeof shortFilmDocSchema>>): ShortFilmSummary {
    return { id, path, updatedAt, ...doc };
  }

  async function listMovies(collection: MovieCollection) {
    return (await listParsed(collection, movieDocSchema)).map((doc) => movie(collection, doc));
  }

  async function getSeriesSummary(seriesId: string) {
    if (!validId(seriesId)) return null;
    const doc = await getParsed(`series/${seriesId}`, seriesDocSchema);
    return doc && series(doc);
  }

  async function seasonsOf(summary: SeriesSummary) {
    const docs = await listParsed(`${summary.path}/seasons`, seasonDocSchema);
    return docs.sort((a, b) => a.doc.seasonNumber - b.doc.seasonNumber).map((doc) => season(summary.id, doc));
  }

  const catalog: Catalog = {
    listTrailers: () => listMovies('trailers'),
    listDocumentaries: () => listMovies('documentaries'),
    listSeries: async () => (await listParsed('series', seriesDocSchema)).map(series),
    listShortFilms: async () => (await listParsed('shortFilms', shortFilmDocSchema)).map(shortFilm),

    async getMovie(collection, id) {
      if (!validId(id)) return null;
      const doc = await getParsed(`${collection}/${id}`, movieDocSchema);
      return doc && movie(collection, doc);
    },

    async getSeries(seriesId) {
      const summary = await getSeriesSummary(seriesId);
      return summary && { ...summary, seasons: await seasonsOf(summary) };
    },

    async getSeason(seriesId, seasonId) {
      if (!validId(seasonId)) return null;
      const summary = await getSeriesSummary(seriesId);
      if (!summary) return null;
      const doc = await getParsed(`${summary.path}/seasons/${seasonId}`, seasonDocSchema);
      if (!doc) return null;
      const episodes = await episodesOf(doc.path, { locked: summary.locked, purchasePath: summary.path });
      return { ...season(seriesId, doc), series: summary, episodes };
    },

    async getShortFilm(shortFilmId) {
      if (!validId(shortFilmId)) return null;
      const doc = await getParsed(`shortFilms/${shortFilmId}`, shortFilmDocSchema);
      if (!doc) return null;
      const summary = shortFilm(doc);
      return { ...summary, episodes: await episodesOf(summary.path, { locked: summary.locked, purchasePath: summary.path }) };
    },

    getPurchasable: (path) => purchasable(path),
  };

  /**
   * What buying `path` unlocks. Movies, series and short films are sold whole (their `locked`
   * flag); an episode is sold alone only when it is locked itself inside a free parent.
   */
  async function purchasable(path: string): Promise<Purchasable | null> {
    const segments = path.split('/');
    if (!segments.every(validId)) return null;
    const [root, id = '', sub, subId = '', leaf] = segments;
    const isMovie = root === 'trailers' || root === 'documentaries';
    if (isMovie && segments.length === 2) {
      const doc = await getParsed(path, movieDocSchema);
      if (!doc) return null;
      const { title, locked, videourl, coverimg } = doc.doc;
      return { path, title, coverimg, locked, playback: { path, title, videos: [{ path, title, videourl }] } };
    }
    if (root === 'shortFilms' && (segments.length === 2 || (segments.length === 4 && sub === 'episodes'))) {
      const film = await getParsed(`shortFilms/${id}`, shortFilmDocSchema);
      if (!film) return null;
      const episodes = await episodeDocs(film.path);
      return segments.length === 2 ? whole(film.path, film.doc, episodes) : single(path, episodes);
    }
    const seasonEpisode = segments.length === 6 && sub === 'seasons' && leaf === 'episodes';
    if (root === 'series' && (segments.length === 2 || seasonEpisode)) {
      const show = await getSeriesSummary(id);
      if (!show) return null;
      if (seasonEpisode) return single(path, await episodeDocs(`${show.path}/seasons/${subId}`));
      const seasons = await seasonsOf(show);
      const episodes = (await Promise.all(seasons.map((s) => episodeDocs(s.path)))).flat();
      return whole(show.path, show, episodes);
    }
    return null;
  }

  function whole(path: string, parent: { title: string; locked: boolean; coverimg: string | null }, episodes: Parsed<EpisodeDoc>[]): Purchasable {
    const videos = episodes.map(({ path: videoPath, doc }) => ({ path: videoPath, title: doc.title, videourl: doc.videourl }));
    return { path, title: parent.title, coverimg: parent.coverimg, locked: parent.locked, playback: { path, title: parent.title, videos } };
  }

  function single(path: string, episodes: Parsed<EpisodeDoc>[]): Purchasable | null {
    const found = episodes.find((doc) => doc.path === path);
    if (!found) return null;
    const { title, locked, videourl, coverimg } = found.doc;
    return { path, title, coverimg, locked, playback: { path, title, videos: [{ path, title, videourl }] } };
  }

  return catalog;
}
