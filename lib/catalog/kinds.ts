/**
 * The kinds of title and the one spelling of a title's address. A kind's name is its Firestore
 * collection (and so its name in cache tags, sitemap ids and search entry ids); beside it, what the
 * site calls it and where its pages are. Plain code with no server-only import: browser code (the
 * site's links, the purchase dialog, field insight) shares it.
 */

/** What the levels beneath a title are called in a path: `series/a/seasons/b`, `shortFilms/f/episodes/e`. */
type Beneath = 'seasons' | 'episodes';

interface KindInfo {
  /** The URL segment of its browse page (`/short-films`) and, under `pageBase`, of its titles' pages. */
  segment: string;
  /** Where one title's page lives: `${pageBase}/<id>`. */
  pageBase: string;
  label: string;
  singular: string;
  /** The schema.org type of a title's structured data. */
  jsonLdType: 'VideoObject' | 'Movie' | 'TVSeries';
  /** The levels of documents beneath a title, outermost first: a movie has none. */
  beneath: readonly Beneath[];
  /** What its titles' search entries call the kind (`kind` of a search document). */
  searchKind: 'series' | 'shortFilm' | 'trailer' | 'documentary';
}

/** In the order the site lists kinds (sitemap files, browse pages). */
export const KINDS = {
  series: {
    segment: 'series',
    pageBase: '/series',
    label: 'Series',
    singular: 'Series',
    jsonLdType: 'TVSeries',
    beneath: ['seasons', 'episodes'],
    searchKind: 'series',
  },
  shortFilms: {
    segment: 'short-films',
    pageBase: '/short-films',
    label: 'Short films',
    singular: 'Short film',
    jsonLdType: 'Movie',
    beneath: ['episodes'],
    searchKind: 'shortFilm',
  },
  trailers: {
    segment: 'trailers',
    pageBase: '/watch/trailers',
    label: 'Trailers',
    singular: 'Trailer',
    jsonLdType: 'VideoObject',
    beneath: [],
    searchKind: 'trailer',
  },
  documentaries: {
    segment: 'documentaries',
    pageBase: '/watch/documentaries',
    label: 'Documentaries',
    singular: 'Documentary',
    jsonLdType: 'Movie',
    beneath: [],
    searchKind: 'documentary',
  },
} as const satisfies Record<string, KindInfo>;

export type Kind = keyof typeof KINDS;
/** The kinds whose titles are one video each, played from a /watch page. */
export type MovieKind = { [K in Kind]: (typeof KINDS)[K]['beneath'] extends readonly [] ? K : never }[Kind];

export const KIND_LIST = Object.keys(KINDS) as Kind[];
/** The collections beneath titles (`seasons`, `episodes`): a scan reads each across all titles as one collection group. */
export const LEVELS_BENEATH = [...new Set(KIND_LIST.flatMap((kind): readonly Beneath[] => KINDS[kind].beneath))];

export const isKind = (name: string): name is Kind => Object.hasOwn(KINDS, name);
export const isMovieKind = (kind: Kind): kind is MovieKind => KINDS[kind].beneath.length === 0;
/** The kind a URL segment names (`short-films` → shortFilms), or null. */
export const kindAtSegment = (segment: string): Kind | null => KIND_LIST.find((kind) => KINDS[kind].segment === segment) ?? null;

/** A Firestore document id as a route segment must be before we ask for it (Firestore refuses `__.*__` with an error, not a miss). */
export const DOCUMENT_ID = /^[A-Za-z0-9_-]{1,128}$/;
export const isReservedId = (id: string) => /^__.*__$/.test(id);
export const isDocumentId = (id: string | undefined): id is string => id !== undefined && DOCUMENT_ID.test(id) && !isReservedId(id);

/**
 * A title's document, or one beneath it: its kind, what it is (the title, a season, an episode) and
 * its ids from the title down (`series/a/seasons/b/episodes/c` → ['a', 'b', 'c']).
 */
export type TitleAddress =
  | { kind: Kind; depth: 'title'; ids: [id: string] }
  | { kind: 'series'; depth: 'season'; ids: [seriesId: string, seasonId: string] }
  | { kind: 'series'; depth: 'episode'; ids: [seriesId: string, seasonId: string, episodeId: string] }
  | { kind: 'shortFilms'; depth: 'episode'; ids: [shortFilmId: string, episodeId: string] };

export type Title = Extract<TitleAddress, { depth: 'title' }>;

const DEPTH_OF: Record<Beneath, TitleAddress['depth']> = { seasons: 'season', episodes: 'episode' };

/** Parses `trailers/abc` down to `series/a/seasons/b/episodes/c`; null for any other path, or one whose ids no document could have. */
export function parseTitlePath(path: string): TitleAddress | null {
  const [name = '', id, ...rest] = path.split('/');
  if (!isKind(name) || !isDocumentId(id)) return null;
  const beneath: readonly Beneath[] = KINDS[name].beneath;
  if (rest.length % 2 !== 0 || rest.length / 2 > beneath.length) return null;
  const ids: [string, ...string[]] = [id];
  for (let level = 0; level < rest.length / 2; level += 1) {
    const childId = rest[2 * level + 1];
    if (rest[2 * level] !== beneath[level] || !isDocumentId(childId)) return null;
    ids.push(childId);
  }
  const depth = ids.length === 1 ? 'title' : DEPTH_OF[beneath[ids.length - 2]!];
  // The checks above are the union's cases: each kind's levels, one id per level.
  return { kind: name, depth, ids } as TitleAddress;
}

/** The document path of an address: the inverse of parseTitlePath. */
export function formatTitlePath({ kind, ids }: TitleAddress): string {
  const [id, ...beneathIds] = ids;
  const beneath: readonly Beneath[] = KINDS[kind].beneath;
  return [kind, id, ...beneathIds.flatMap((childId, level) => [beneath[level], childId])].join('/');
}

/** The title an address lies in (itself, for a title). */
export const titleOf = ({ kind, ids: [id] }: TitleAddress): Title => ({ kind, depth: 'title', ids: [id] });

/** The title a document path lies in, by its first two segments: `series/x/seasons/y/episodes/z` and `series/x/seasons` are in `series/x`. */
export function titleContaining(path: string): Title | null {
  const address = parseTitlePath(path.split('/', 2).join('/'));
  return address?.depth === 'title' ? address : null;
}
