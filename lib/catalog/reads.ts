import { z } from 'zod';
import { searchDocumentSchema, type SearchDocument } from '../search/documents';
import { LOOKUPS, RANK_KEY, SEARCH_COLLECTION } from './search-entries';
import {
  documentIdSchema,
  episodeDocSchema,
  movieDocSchema,
  seasonDocSchema,
  seriesDocSchema,
  shortFilmDocSchema,
  titleDocSchemas,
  type EpisodeDoc,
  type SubtitleList,
} from './schemas';
import { VIDEOURL_FORMS, freePlayUrl, videoSource } from '../media/source';
import { formatTitlePath, isMovieKind, parseTitlePath, titleOf, type MovieKind } from './kinds';
import { numberCursorSchema, PAGE_SIZES, type Page, type PageRequest } from './paging';
import { POPULAR_KEY, popularKeySchema } from './popularity';
import type { Pricing } from './pricing';
import { releaseDateField } from './release';
import type { DocumentStore, RawDocument, StoreQuery } from './store';
import { isEditedTitle, treeOf } from './tree-state';
import type { Access, Catalog, Episode, MovieItem, SeasonSummary, SeriesSummary, ShortFilmSummary, TitleRef, Video } from './types';

export type CatalogLogger = Pick<Console, 'warn'>;

/** What an episode's show says about its release, read from the show's document beside the episode. */
const showReleaseSchema = z.object({ locked: z.boolean().default(false), releaseDate: releaseDateField });

/** The release date a locked title's paths play from, as an optional field; none for a free title or one without a date. */
const releaseOf = (title: { locked?: boolean; releaseDate?: string | null }): { releaseDate?: string } =>
  title.locked && title.releaseDate ? { releaseDate: title.releaseDate } : {};

type Parsed<T> = RawDocument & { doc: T };
type Lock = { locked: boolean; purchasePath: string };
/**
 * How a list's place travels in a URL (`?after=`): `of` names the last item shown, `valueOf` reads it back into the
 * ordered field's value (null: no such place, a 404).
 */
interface Cursor {
  of(raw: RawDocument, field: string): string;
  valueOf(after: string, collectionPath: string): Promise<string | number | null>;
}

const validId = (id: string) => documentIdSchema.safeParse(id).success;

/** Whether a cover URL names an image that exists; unknown ones (remote URLs) count as existing. */
export type CoverCheck = (coverimg: string) => boolean;

/**
 * The site's reads over any DocumentStore: validation, defaults, ordering and the locked-URL rule live
 * here once. Every list is one ordered, limited query (keyset pages), so a read costs what it shows.
 * A title read whose document changed since the site indexed it is told to `onEditedTitle` (no extra read).
 */
export function createCatalog(
  store: DocumentStore,
  log: CatalogLogger = console,
  coverExists: CoverCheck = () => true,
  onEditedTitle: (tree: string) => void = () => {},
): Catalog {
  function parse<S extends z.ZodType>(raw: RawDocument, schema: S): Parsed<z.output<S>> | null {
    const result = schema.safeParse(raw.data);
    if (result.success) {
      if (treeOf(raw.path) === raw.path && isEditedTitle(raw.data)) onEditedTitle(raw.path);
      const { pricing } = result.data as { pricing?: Pricing };
      if (pricing?.kind === 'malformed') warnOnce(raw.path, `not for sale until its prices are fixed: ${pricing.problems.join('; ')}`);
      return { ...raw, doc: withUsableCover(raw.path, result.data) };
    }
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

  /** What a movie's or an episode's document says about playing it. */
  type Playable = { videourl: string; subtitles: SubtitleList; previewSeconds?: number };

  function access(path: string, locked: boolean, { videourl, subtitles, previewSeconds }: Playable, purchasePath: string): Access {
    const source = videoSource(videourl);
    if (!source) warnOnce(path, `videourl ${videourl} cannot be served (${VIDEOURL_FORMS})`);
    else if (locked && source.kind === 'public') {
      warnOnce(path, `locked, but its video is a public URL (${videourl}) that anyone can share; use private:… or gs://… to protect it`);
    } else if (!locked && !freePlayUrl(source))
      warnOnce(path, `free, but its video is private (${videourl}) and cannot be played; lock it or give it a public URL`);
    for (const reason of subtitles.skipped) warnOnce(path, `skipped ${reason}`);
    // Subtitle files are public text: offered with a locked title, they would give away what its paid video says.
    if (locked && subtitles.tracks.length > 0)
      warnOnce(path, 'locked: its subtitles are not offered (subtitle files are public, and would give away the paid video)');
    // A free stream plays from its public master playlist.
    const playable = (source && freePlayUrl(source)) ?? videourl;
    if (locked && source?.kind === 'stream') return { locked: true, purchasePath, stream: true, ...(previewSeconds !== undefined && { preview: true }) };
    if (locked) return { locked: true, purchasePath };
    return { locked: false, videourl: playable, subtitles: subtitles.tracks };
  }

  /** A cover that is known to be missing becomes null, so the page shows the default at once, with no failed request. */
  function withUsableCover<T>(path: string, doc: T): T {
    const { coverimg } = doc as { coverimg?: string | null };
    if (!coverimg || coverExists(coverimg)) return doc;
    log.warn(`[catalog] ${path}: cover ${coverimg} does not exist; showing the default cover`);
    return { ...doc, coverimg: null };
  }

  const parseAll = <S extends z.ZodType>(docs: RawDocument[], schema: S) =>
    docs.map((raw) => parse(raw, schema)).filter((doc): doc is Parsed<z.output<S>> => doc !== null);

  async function getParsed<S extends z.ZodType>(documentPath: string, schema: S) {
    const raw = await store.get(documentPath);
    return raw ? parse(raw, schema) : null;
  }

  /**
   * One page of a collection in `field` order: the page is a range query past the cursor; the page before
   * it, when there is one, the same query backwards. A malformed cursor is no page at all (null).
   */
  async function pageOf<S extends z.ZodType>(collectionPath: string, field: string, cursor: Cursor, request: PageRequest, schema: S) {
    const after = request.after === undefined ? undefined : await cursor.valueOf(request.after, collectionPath);
    if (after === null) return null;
    const base: StoreQuery = { orderBy: field, limit: request.size + 1 };
    const [forward, backward] = await Promise.all([
      store.query(collectionPath, { ...base, ...(after !== undefined && { bound: { op: '>', value: after } }) }),
      after !== undefined ? store.query(collectionPath, { ...base, direction: 'desc', bound: { op: '<=', value: after } }) : Promise.resolve([]),
    ]);
    const shown = forward.slice(0, request.size);
    const previousStart = backward[request.size];
    const following = forward[request.size];
    return {
      docs: parseAll(shown, schema),
      following: following ? parse(following, schema) : null,
      next: forward.length > request.size ? cursor.of(shown.at(-1)!, field) : null,
      previous: after !== undefined ? { after: previousStart ? cursor.of(previousStart, field) : null } : null,
    };
  }

  /** Seasons and episodes: their number, which says nothing a page does not show. */
  const numberCursor: Cursor = {
    of: (raw, field) => String((raw.data as Record<string, unknown>)[field]),
    valueOf: async (after) => numberCursorSchema.safeParse(after).data ?? null,
  };
  /**
   * Titles: the id of the last one shown, its place (`popularKey`) read back from its document. The key itself would
   * tell anyone its purchase count; an id tells nothing the page does not show.
   */
  const titleCursor: Cursor = {
    of: (raw) => raw.id,
    async valueOf(after, collectionPath) {
      if (!validId(after)) return null;
      const raw = await store.get(`${collectionPath}/${after}`);
      return popularKeySchema.safeParse((raw?.data as Record<string, unknown> | undefined)?.[POPULAR_KEY]).data ?? null;
    },
  };

  type DocumentPage<D> = Pick<Page<unknown>, 'next' | 'previous'> & { docs: Parsed<D>[]; following: Parsed<D> | null };
  const mapPage = <D, T>(page: DocumentPage<D> | null, map: (doc: Parsed<D>) => T): Page<T> | null =>
    page && { items: page.docs.map(map), next: page.next, previous: page.previous, firstOfNext: page.following && map(page.following) };

  function movie(collection: MovieKind, { id, path, doc, updatedAt }: Parsed<z.output<typeof movieDocSchema>>): MovieItem {
    const { title, description, coverimg, type, locked, pricing, releaseDate } = doc;
    return { id, path, collection, title, description, coverimg, type, pricing, releaseDate, updatedAt, ...access(path, locked, doc, path) };
  }

  /** Episodes of a season or short film; a locked parent locks them all and is what a visitor buys. */
  function episode({ id, path, doc, updatedAt }: Parsed<EpisodeDoc>, parent: Lock): Episode {
    const { title, description, coverimg, episodeNumber, locked } = doc;
    const purchasePath = parent.locked ? parent.purchasePath : path;
    return { id, path, title, description, coverimg, episodeNumber, updatedAt, ...access(path, parent.locked || locked, doc, purchasePath) };
  }

  const episodesPage = async (parentPath: string, lock: Lock, request: PageRequest) =>
    mapPage(await pageOf(`${parentPath}/episodes`, 'episodeNumber', numberCursor, request, episodeDocSchema), (doc) => episode(doc, lock));

  function series({ id, path, doc, updatedAt }: Parsed<z.output<typeof seriesDocSchema>>): SeriesSummary {
    return { id, path, updatedAt, ...doc };
  }

  function season(seriesId: string, { id, path, doc, updatedAt }: Parsed<z.output<typeof seasonDocSchema>>): SeasonSummary {
    return { id, path, seriesId, updatedAt, ...doc };
  }

  function shortFilm({ id, path, doc, updatedAt }: Parsed<z.output<typeof shortFilmDocSchema>>): ShortFilmSummary {
    return { id, path, updatedAt, ...doc };
  }

  const titles = <S extends z.ZodType>(collection: string, schema: S, request: PageRequest) => pageOf(collection, POPULAR_KEY, titleCursor, request, schema);

  async function getSeriesSummary(seriesId: string) {
    if (!validId(seriesId)) return null;
    const doc = await getParsed(`series/${seriesId}`, seriesDocSchema);
    return doc && series(doc);
  }

  async function getShortFilmSummary(shortFilmId: string) {
    if (!validId(shortFilmId)) return null;
    const doc = await getParsed(`shortFilms/${shortFilmId}`, shortFilmDocSchema);
    return doc && shortFilm(doc);
  }

  const catalog: Catalog = {
    listMovies: async (collection, request) => mapPage(await titles(collection, movieDocSchema, request), (doc) => movie(collection, doc)),
    listSeries: async (request) => mapPage(await titles('series', seriesDocSchema, request), series),
    listShortFilms: async (request) => mapPage(await titles('shortFilms', shortFilmDocSchema, request), shortFilm),
    countTitles: (collection) => store.count(collection),

    async getMovie(collection, id) {
      if (!validId(id)) return null;
      const doc = await getParsed(`${collection}/${id}`, movieDocSchema);
      return doc && movie(collection, doc);
    },

    async getSeries(seriesId, request = { size: PAGE_SIZES.seasons }) {
      const summary = await getSeriesSummary(seriesId);
      if (!summary) return null;
      const seasons = mapPage(await pageOf(`${summary.path}/seasons`, 'seasonNumber', numberCursor, request, seasonDocSchema), (doc) =>
        season(summary.id, doc),
      );
      return seasons && { ...summary, seasons };
    },

    async getSeason(seriesId, seasonId, request = { size: PAGE_SIZES.episodes }) {
      if (!validId(seasonId)) return null;
      const summary = await getSeriesSummary(seriesId);
      if (!summary) return null;
      const doc = await getParsed(`${summary.path}/seasons/${seasonId}`, seasonDocSchema);
      if (!doc) return null;
      const episodes = await episodesPage(doc.path, { locked: summary.locked, purchasePath: summary.path }, request);
      return episodes && { ...season(seriesId, doc), series: summary, episodes };
    },

    async getShortFilm(shortFilmId, request = { size: PAGE_SIZES.episodes }) {
      const summary = await getShortFilmSummary(shortFilmId);
      if (!summary) return null;
      const episodes = await episodesPage(summary.path, { locked: summary.locked, purchasePath: summary.path }, request);
      return episodes && { ...summary, episodes };
    },

    async getFirstEpisodeAfter(seriesId, seasonNumber) {
      const summary = await getSeriesSummary(seriesId);
      if (!summary) return null;
      // A season may be announced before its episodes are added: the next two are looked at, no more.
      const later = await store.query(`${summary.path}/seasons`, { orderBy: 'seasonNumber', bound: { op: '>', value: seasonNumber }, limit: 2 });
      for (const next of parseAll(later, seasonDocSchema)) {
        const first = await episodesPage(next.path, { locked: summary.locked, purchasePath: summary.path }, { size: 1 });
        if (first?.items[0]) return first.items[0];
      }
      return null;
    },

    getTitle: (path) => titleAt(path),
    getVideo: (path) => videoAt(path),
    firstVideo: (path) => firstVideoOf(path),

    async searchEntries(token) {
      const lookups = LOOKUPS.map(({ field, limit }) => store.query(SEARCH_COLLECTION, { arrayContains: { field, value: token }, orderBy: RANK_KEY, limit }));
      const found = new Map<string, SearchDocument>();
      for (const raw of (await Promise.all(lookups)).flat()) {
        const entry = parse(raw, searchDocumentSchema);
        if (entry) found.set(entry.doc.path, entry.doc);
      }
      return [...found.values()];
    },
  };

  /** The document a movie or episode path names, read with one get per level it needs (at most two). */
  async function titleDocument(path: string) {
    const address = parseTitlePath(path);
    switch (address?.depth) {
      case 'title':
        return getParsed(path, titleDocSchemas[address.kind]);
      case 'episode': {
        // An episode is sold only while its parent (the series or the short film) exists; it plays from its release.
        const [parent, found] = await Promise.all([store.get(formatTitlePath(titleOf(address))), getParsed(path, episodeDocSchema)]);
        const show = parent && showReleaseSchema.safeParse(parent.data);
        return show?.success && found ? { ...found, release: releaseOf(show.data) } : null;
      }
      default:
        return null;
    }
  }

  /**
   * What a purchasable path names, how it is priced and whether it is for sale, in O(depth) reads, whatever the title
   * holds: a title, an episode (sold alone at the site's price only in a free show), or a season pass (sold while its
   * series is locked).
   */
  async function titleAt(path: string): Promise<TitleRef | null> {
    const address = parseTitlePath(path);
    if (address?.depth === 'season') {
      const [series, season] = await Promise.all([getParsed(formatTitlePath(titleOf(address)), seriesDocSchema), getParsed(path, seasonDocSchema)]);
      if (!series || !season) return null;
      const { title, coverimg, pricing } = season.doc;
      const { locked } = series.doc;
      return { path, title: `${series.doc.title}: ${title}`, coverimg: coverimg ?? series.doc.coverimg, locked, pricing, ...releaseOf(series.doc) };
    }
    if (address?.depth === 'episode') {
      const parentPath = formatTitlePath(titleOf(address));
      const [parent, episode] = await Promise.all([getParsed(parentPath, titleDocSchemas[address.kind]), getParsed(path, episodeDocSchema)]);
      if (!parent || !episode) return null;
      const { title, coverimg, locked } = episode.doc;
      // Locked by its show, an episode is sold only through it (its season pass or the whole show), never below it.
      if (parent.doc.locked)
        return {
          path,
          title,
          coverimg,
          locked: true,
          pricing: { kind: 'default' },
          soldThrough: { path: parentPath, title: parent.doc.title },
          ...releaseOf(parent.doc),
        };
      return { path, title, coverimg, locked, pricing: { kind: 'default' } };
    }
    const found = await titleDocument(path);
    if (!found) return null;
    const { title, coverimg, locked } = found.doc;
    return { path, title, coverimg, locked, pricing: 'pricing' in found.doc ? found.doc.pricing : { kind: 'default' }, ...releaseOf(found.doc) };
  }

  /** The video a movie or episode path names: one read, two for an episode (its parent must exist). */
  async function videoAt(path: string): Promise<Video | null> {
    const found = await titleDocument(path);
    if (!found || !('videourl' in found.doc)) return null;
    const { title, videourl, previewSeconds } = found.doc;
    const release = 'release' in found ? found.release : releaseOf(found.doc);
    return { path, title, videourl, ...(previewSeconds !== undefined && { previewSeconds }), ...release };
  }

  /** The first episode of a season or short film, by episode number: one read. */
  async function firstEpisodeIn(parentPath: string): Promise<Video | null> {
    const [first] = parseAll(await store.query(`${parentPath}/episodes`, { orderBy: 'episodeNumber', limit: 1 }), episodeDocSchema);
    return first ? { path: first.path, title: first.doc.title, videourl: first.doc.videourl } : null;
  }

  /** Where a purchase starts playing: the movie itself, or the first episode (of the first seasons that have one). */
  async function firstVideoOf(path: string): Promise<Video | null> {
    const address = parseTitlePath(path);
    if (address?.depth !== 'title' || isMovieKind(address.kind)) return videoAt(path);
    if (address.kind === 'shortFilms') return (await titleDocument(path)) && firstEpisodeIn(path);
    const seasons = parseAll(await store.query(`${path}/seasons`, { orderBy: 'seasonNumber', limit: 2 }), seasonDocSchema);
    for (const season of seasons) {
      const first = await firstEpisodeIn(season.path);
      if (first) return first;
    }
    return null;
  }

  return catalog;
}
