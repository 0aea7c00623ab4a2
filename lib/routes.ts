import type { MovieCollection } from './catalog/types';

const segment = encodeURIComponent;

/** The one place that knows the site's URLs. */
export const routes = {
  home: '/',
  walletGuide: '/solenema-wallet',
  purchases: '/purchases',
  aiAgent: '/ai-agent',
  contact: '/contact',
  series: (seriesId: string) => `/series/${segment(seriesId)}`,
  season: (seriesId: string, seasonId: string) => `/series/${segment(seriesId)}/season/${segment(seasonId)}`,
  shortFilm: (shortFilmId: string) => `/short-films/${segment(shortFilmId)}`,
  watch: (collection: MovieCollection, id: string) => `/watch/${collection}/${segment(id)}`,
};

/**
 * Search results. Not in `routes`: that object is in the browser code of every page (the header's
 * menu links through it), and only server components link here, so this costs no page a byte.
 */
export const searchRoute = '/search';

/** The page that shows a catalog document (`series/a/seasons/b/episodes/c` is on its season's page). */
export function pageOfDocument(path: string): string {
  const [root, id, sub, subId] = path.split('/');
  if (!id) return routes.home;
  if (root === 'trailers' || root === 'documentaries') return routes.watch(root, id);
  if (root === 'shortFilms') return routes.shortFilm(id);
  if (root === 'series') return sub === 'seasons' && subId ? routes.season(id, subId) : routes.series(id);
  return routes.home;
}

/** The kinds of title a visitor can browse, each on its own paginated page. */
export type BrowseKind = 'series' | 'shortFilms' | 'trailers' | 'documentaries';

const withCursor = (path: string, after: string | null | undefined) => (after ? `${path}?after=${encodeURIComponent(after)}` : path);

/**
 * Pages of lists: every title of a kind, and the further seasons and episodes of a long title. Not in
 * `routes` (which is in every page's browser code): only server components link here.
 */
export const listRoutes = {
  browse: (kind: BrowseKind, after?: string | null) =>
    withCursor({ series: '/series', shortFilms: '/short-films', trailers: '/trailers', documentaries: '/documentaries' }[kind], after),
  seasons: (seriesId: string, after?: string | null) => (after ? `${routes.series(seriesId)}/seasons/${after}` : routes.series(seriesId)),
  seasonEpisodes: (seriesId: string, seasonId: string, after?: string | null) =>
    after ? `${routes.season(seriesId, seasonId)}/episodes/${after}` : routes.season(seriesId, seasonId),
  shortFilmEpisodes: (shortFilmId: string, after?: string | null) =>
    after ? `${routes.shortFilm(shortFilmId)}/episodes/${after}` : routes.shortFilm(shortFilmId),
};
