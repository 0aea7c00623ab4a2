import { KINDS, parseTitlePath, type Kind, type MovieKind } from './catalog/kinds';

const segment = encodeURIComponent;

/** The one place that knows the site's URLs. */
export const routes = {
  home: '/',
  walletGuide: '/solenema-wallet',
  purchases: '/purchases',
  aiAgent: '/ai-agent',
  contact: '/contact',
  series: (seriesId: string) => titlePage('series', seriesId),
  season: (seriesId: string, seasonId: string) => `${titlePage('series', seriesId)}/season/${segment(seasonId)}`,
  shortFilm: (shortFilmId: string) => titlePage('shortFilms', shortFilmId),
  watch: (collection: MovieKind, id: string) => titlePage(collection, id),
};

function titlePage(kind: Kind, id: string) {
  return `${KINDS[kind].pageBase}/${segment(id)}`;
}

/**
 * Search results. Not in `routes`: that object is in the browser code of every page (the header's
 * menu links through it), and only server components link here, so this costs no page a byte.
 */
export const searchRoute = '/search';

/** One payment's printable receipt. Not in `routes`: only the receipts list and the paid dialog link it. */
export const receiptRoute = (signature: string) => `/purchases/${segment(signature)}`;

/** The page that shows a catalog document (`series/a/seasons/b/episodes/c` is on its season's page). */
export function pageOfDocument(path: string): string {
  const address = parseTitlePath(path);
  if (!address) return routes.home;
  const [id, seasonId] = address.ids;
  return address.kind === 'series' && seasonId ? routes.season(id, seasonId) : titlePage(address.kind, id);
}

const withCursor = (path: string, after: string | null | undefined) => (after ? `${path}?after=${encodeURIComponent(after)}` : path);

/**
 * Pages of lists: every title of a kind, and the further seasons and episodes of a long title. Not in
 * `routes` (which is in every page's browser code): only server components link here.
 */
export const listRoutes = {
  browse: (kind: Kind, after?: string | null) => withCursor(`/${KINDS[kind].segment}`, after),
  seasons: (seriesId: string, after?: string | null) => (after ? `${routes.series(seriesId)}/seasons/${after}` : routes.series(seriesId)),
  seasonEpisodes: (seriesId: string, seasonId: string, after?: string | null) =>
    after ? `${routes.season(seriesId, seasonId)}/episodes/${after}` : routes.season(seriesId, seasonId),
  shortFilmEpisodes: (shortFilmId: string, after?: string | null) =>
    after ? `${routes.shortFilm(shortFilmId)}/episodes/${after}` : routes.shortFilm(shortFilmId),
};

/** A checkout's Solana Pay transaction request (GET its label, POST `{account}` for the transaction to sign). */
export const transactionRequestRoute = (reference: string) => `/api/pay/${segment(reference)}`;

/** The catalog sync: Vercel's Cron Job calls it (vercel.json), and on `next start` the server itself (instrumentation.ts). */
export const catalogSyncRoute = '/api/cron/catalog-sync';
