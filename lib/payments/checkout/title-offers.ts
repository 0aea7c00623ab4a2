import 'server-only';
import { parseTitlePath } from '../../catalog/kinds';
import { formatHours, type Pricing } from '../../catalog/pricing';
import type { Episode, MovieItem, SeasonSummary, SeriesSummary, ShortFilmSummary } from '../../catalog/types';
import { env } from '../../env/server';
import { revalidateAtRelease } from '../../catalog/release-cache';
import { preorderDate, type Releasable } from '../../catalog/release';
import type { ShownOffer } from './offer-words';
import { offersOf } from './offers';

/**
 * The offers pages show, as the checkout will charge them: the same `offersOf`, with the same PRICE_LAMPORTS, over
 * the same pricing the catalog read. Server components compute them; client leaves receive them as plain props.
 */

/** What an offer opens: `own` for good; `rent` for the rental's length from its first play. */
type Scope = { own: string; rent: string };

const MOVIE: Scope = { own: 'Yours to keep: watch it as often as you like', rent: 'Watch it' };
const SHORT_FILM: Scope = { own: 'Every episode, yours to keep, including those added later', rent: 'Every episode' };
const SERIES: Scope = { own: 'Every season and episode, including those added later', rent: 'Every season and episode' };
const EPISODE: Scope = { own: 'This episode, yours to keep', rent: 'This episode' };
/** A document without a date of its own (an episode sold alone in a free show). */
const NOT_DATED: Releasable = { locked: false };
const seasonScope = (seasonNumber: number): Scope => ({ own: `Every episode of Season ${seasonNumber}`, rent: `Every episode of Season ${seasonNumber}` });

function shown(path: string, pricing: Pricing, scope: Scope, title: Releasable = NOT_DATED): ShownOffer[] {
  const releases = preorderDate(title);
  // The page says "Pre-order" until the release: it is regenerated then, not a cache lifetime later.
  if (releases) revalidateAtRelease(releases);
  return offersOf(path, pricing, env.PRICE_LAMPORTS, releases).map((offer) => ({
    ...offer,
    covers: offer.kind === 'rent' ? `${scope.rent} for ${formatHours(offer.hours ?? 0)} from your first play; start within 30 days of paying` : scope.own,
  }));
}

/** A locked trailer's or documentary's offers; none for a free one. */
export const movieOffers = (movie: MovieItem) => (movie.locked ? shown(movie.path, movie.pricing, MOVIE, movie) : []);

/** A locked series' or short film's offers, each sold whole; none for a free one. */
export function showOffers(show: SeriesSummary | ShortFilmSummary): ShownOffer[] {
  if (!show.locked) return [];
  return shown(show.path, show.pricing, parseTitlePath(show.path)?.kind === 'series' ? SERIES : SHORT_FILM, show);
}

/** What opens a season of a locked series: its own pass, where its document prices one, then the whole series. */
export function seasonOffers(season: SeasonSummary, series: SeriesSummary): ShownOffer[] {
  if (!series.locked) return [];
  return [...shown(season.path, season.pricing, seasonScope(season.seasonNumber), series), ...showOffers(series)];
}

/**
 * How each episode on the page of `parent` (a season, a short film) is sold. A locked one, through what locks it: the
 * parent's `offers`, or, for the next season's first episode (the player's "Up next"), `laterOffers`, its series'.
 * One locked on its own in a free show is sold alone, at the site's price (an episode carries no price field).
 */
export function episodeOffers(parentPath: string, offers: ShownOffer[], laterOffers = offers) {
  return (episode: Episode): ShownOffer[] => {
    if (!episode.locked) return [];
    if (episode.purchasePath === episode.path) return shown(episode.path, { kind: 'default' }, EPISODE);
    return episode.path.startsWith(`${parentPath}/`) ? offers : laterOffers;
  };
}
