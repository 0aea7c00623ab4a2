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
