import 'server-only';
import { getMovie, getSeason, getSeries, getShortFilm } from '../../catalog';
import { isMovieKind, type TitleAddress } from '../../catalog/kinds';
import { refuse, type Refusal } from '../../errors';
import { ogCardRoute, titleAtPage } from '../../routes';
import { absolute } from '../../seo/urls';
import type { ShownOffer } from '../checkout/offer-words';
import { movieOffers, seasonOffers, showOffers } from '../checkout/title-offers';
import { sellingReadiness } from '../wiring';

/** What a title page sells, as its Blink shows it: the same offers, at the same prices, the page shows. */
export interface TitleAction {
  /** The page's path (`/series/a`), which the Blink links back to. */
  pagePath: string;
  name: string;
  description: string;
  /** Absolute: a Blink client fetches it from elsewhere. The title's cover, or its generated share card. */
  icon: string;
  offers: ShownOffer[];
  /** Why nothing can be bought from this Blink now (a free title, a store not yet selling); null when it sells. */
  closed: string | null;
}

interface ShownTitle {
  path: string;
  title: string;
  description: string;
  coverimg: string | null;
  locked: boolean;
  offers: ShownOffer[];
}

/** Reads the title an address names with the page's own reads, and its offers as the page computes them. */
async function shownTitle(address: TitleAddress): Promise<ShownTitle | null> {
  const [id] = address.ids;
  if (address.depth === 'season') {
    const season = await getSeason(...address.ids);
    return (
      season && { ...season, title: `${season.series.title} · ${season.title}`, locked: season.series.locked, offers: seasonOffers(season, season.series) }
    );
  }
  if (address.depth !== 'title') return null;
  const { kind } = address;
  if (isMovieKind(kind)) {
    const movie = await getMovie(kind, id);
    return movie && { ...movie, offers: movieOffers(movie) };
  }
  const show = await (kind === 'series' ? getSeries(id) : getShortFilm(id));
  return show && { ...show, offers: showOffers(show) };
}

/**
 * The Blink of the title page at `pagePath`: unknown for a path no title page has, or a title the catalog does not
 * hold (a 404 with its message); otherwise its offers, or why it sells nothing now.
 */
export async function titleActionAt(pagePath: string): Promise<{ ok: true; action: TitleAction } | Refusal> {
  const address = titleAtPage(pagePath);
  const title = address && (await shownTitle(address));
  if (!title) return refuse('not_found', 'No title at this address on Solenema.');
  const ready = title.offers.length > 0 ? await sellingReadiness() : null;
  const closed = !title.locked
    ? `${title.title} is free to watch on Solenema: there is nothing to buy.`
    : title.offers.length === 0
      ? `${title.title} is not for sale just now: its price is being corrected.`
      : ready?.refusal
        ? 'Solenema is not selling just now.'
        : null;
  return {
    ok: true,
    action: {
      pagePath,
      name: title.title,
      description: title.description,
      icon: absolute(title.coverimg ?? ogCardRoute(title.path)),
      offers: closed ? [] : title.offers,
      closed,
    },
  };
}
