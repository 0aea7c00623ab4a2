import { isDocumentId, KIND_LIST, KINDS, parseTitlePath, type Kind, type MovieKind, type TitleAddress } from './catalog/kinds';
import type { StudioRange } from './studio/range';

const segment = encodeURIComponent;
/** A season's page, beneath its series': `/series/a/season/b`. */
const SEASON_SEGMENT = 'season';

/** The one place that knows the site's URLs. */
export const routes = {
  home: '/',
  walletGuide: '/solenema-wallet',
  purchases: '/purchases',
  aiAgent: '/ai-agent',
  contact: '/contact',
  series: (seriesId: string) => titlePage('series', seriesId),
  season: (seriesId: string, seasonId: string) => `${titlePage('series', seriesId)}/${SEASON_SEGMENT}/${segment(seasonId)}`,
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

/**
 * A title's share page, by its catalog path (a title or a season): opened over the title's page as a dialog. Not in
 * `routes` (in every page's browser code): only server components link here.
 */
export const shareRoute = (titlePath: string) => `/share/${titlePath.split('/').map(segment).join('/')}`;

/** One payment's printable receipt. Not in `routes`: only the receipts list and the paid dialog link it. */
export const receiptRoute = (signature: string) => `/purchases/${segment(signature)}`;
/** A gift's one-claim link, by its secret (lib/payments/gifts). */
export const giftRoute = (token: string) => `/gift/${segment(token)}`;

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

/** A generated share card (app/og): of a title by its catalog path, or the site's own. */
export const ogCardRoute = (titlePath?: string) => (titlePath ? `/og?${new URLSearchParams({ path: titlePath })}` : '/og');

/** Where the API lives: crawlers are kept out of it (app/robots.ts). */
export const API_BASE = '/api/';

/**
 * What the pay dialog, the player and restore call (lib/payments/browser/api.ts). Not in `routes`, which is in
 * every page's browser code: these ride with the payment code, fetched on the first pay click or play.
 */
export const paymentApi = {
  checkout: '/api/checkout',
  /** What a studio code makes a checkout's price (the dialog asks before paying). */
  codeQuote: '/api/checkout/code',
  verify: '/api/payments/verify',
  status: '/api/payments/status',
  entitlements: '/api/entitlements',
  playback: (videoPath: string) => `/api/playback?video=${segment(videoPath)}`,
  restoreChallenge: '/api/restore/challenge',
  restore: '/api/restore',
  giftChallenge: '/api/gifts/challenge',
  giftClaim: '/api/gifts/claim',
};

/** The studio's page. Not in `routes`: only the studio links here. */
export const STUDIO_PATH = '/studio';

/** The studio over a range, narrowed to one title and paged through sales when asked. */
export function studioHref(range: StudioRange, extra: { title?: string; after?: string } = {}) {
  const query = new URLSearchParams({ from: range.from, to: range.to });
  if (extra.title) query.set('title', extra.title);
  if (extra.after) query.set('after', extra.after);
  return `${STUDIO_PATH}?${query}`;
}

/** The studio's sign-in, session and sales export (a CSV of the range). */
export const studioApi = {
  challenge: '/api/studio/challenge',
  session: '/api/studio/session',
  sales: (range: StudioRange) => `/api/studio/sales?${new URLSearchParams({ from: range.from, to: range.to })}`,
  codes: '/api/studio/codes',
};

/** Where a page reports a view (lib/analytics/viewing.ts). */
export const eventsRoute = '/api/events';

const MEDIA_BASE = '/api/media/';
/** A private video's signed playback link: the token, then the file's own name (ranges and playlists are relative to it). */
export const mediaLink = (token: string, file: string) => `${MEDIA_BASE}${token}/${segment(file)}`;
/** Whether a URL path is one of our playback links (the player sends no referrer to others, and primes only these). */
export const isMediaLink = (path: string) => path.startsWith(MEDIA_BASE);

/**
 * A locked title's free preview (`previewSeconds`): its master playlist, with the renditions and segments beside it
 * relative, under the title's path. Not in `routes`: only the pages of titles with a preview name it.
 */
export const previewRoute = (videoPath: string, file = 'master.m3u8') => `/api/preview/${videoPath.split('/').map(segment).join('/')}/${segment(file)}`;

const ACTIONS_BASE = '/api/actions';

/**
 * The title a page shows, from the page's path: `/series/a` → series a, `/series/a/season/b` → its season b,
 * `/watch/trailers/c` → trailer c. The inverse of the title pages' routes; null for any other path.
 */
export function titleAtPage(pagePath: string): TitleAddress | null {
  for (const kind of KIND_LIST) {
    const base = `${KINDS[kind].pageBase}/`;
    if (!pagePath.startsWith(base)) continue;
    const [id, level, seasonId, ...rest] = pagePath.slice(base.length).split('/');
    if (!isDocumentId(id) || rest.length > 0) return null;
    if (level === undefined) return { kind, depth: 'title', ids: [id] };
    return kind === 'series' && level === SEASON_SEGMENT && isDocumentId(seasonId) ? { kind, depth: 'season', ids: [id, seasonId] } : null;
  }
  return null;
}

/** A title page's Solana Action (what a Blink client unfurls from the page's URL): the page's path under the actions API. */
export const actionRoute = (pagePath: string) => `${ACTIONS_BASE}${pagePath}`;

/** Where a Blink client says a Blink's transaction was sent (its `links.next`): the checkout by its signed token, and the page. */
export const actionPaidRoute = (checkoutToken: string, pagePath: string) =>
  `${ACTIONS_BASE}/paid?${new URLSearchParams({ checkout: checkoutToken, page: pagePath })}`;

/** actions.json's rules: every title page's URL maps to its action, a season's page before its series'. */
export const actionRules = () => [
  { pathPattern: `${KINDS.series.pageBase}/*/${SEASON_SEGMENT}/*`, apiPath: actionRoute(`${KINDS.series.pageBase}/*/${SEASON_SEGMENT}/*`) },
  ...KIND_LIST.map((kind) => ({ pathPattern: `${KINDS[kind].pageBase}/*`, apiPath: actionRoute(`${KINDS[kind].pageBase}/*`) })),
];

/** The catalog sync: Vercel's Cron Job calls it (vercel.json), and on `next start` the server itself (instrumentation.ts). */
export const catalogSyncRoute = '/api/cron/catalog-sync';
