import 'server-only';
import { DEFAULT_COVER } from '../catalog/default-cover';
import { KINDS } from '../catalog/kinds';
import { CURRENCIES, type Amount } from '../catalog/pricing';
import type { Access, Episode, MovieItem, SeasonDetail, SeriesDetail, ShortFilmDetail } from '../catalog/types';
import { offerName } from '../payments/checkout/offer-words';
import type { Offer } from '../payments/checkout/offers';
import { pageOfDocument, routes } from '../routes';
import { PAYWALLED_SELECTOR } from './paywall';
import { absolute, videoUrlProperty } from './urls';

type Thing = Record<string, unknown>;

const image = (coverimg: string | null) => absolute(coverimg ?? DEFAULT_COVER);

/** Only a free title names its video: a locked one's URL never leaves the server. */
const video = (access: Access) => (access.locked ? { isAccessibleForFree: false } : { isAccessibleForFree: true, ...videoUrlProperty(access.videourl) });

/** Where a locked page's paid part is (components/detail/DetailHeader.tsx marks it): Google's paywalled-content markup. */
const paywalledPart = { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALLED_SELECTOR };

/** A priced page's own node: not free, and where its paid part is, so crawlers do not read a paywall as cloaking. */
const paywall = (locked: boolean, parts: Thing[] = []): Thing =>
  locked ? { isAccessibleForFree: false, hasPart: [...parts, paywalledPart] } : parts.length > 0 ? { hasPart: parts } : {};

const base = (type: string, item: { title: string; description: string; coverimg: string | null }, path: string): Thing => ({
  '@type': type,
  name: item.title,
  ...(item.description && { description: item.description }),
  image: image(item.coverimg),
  url: absolute(path),
});

/** An amount as schema.org's `price` takes it: a plain decimal with a '.', exact (written from the smallest units, no float). */
function decimal({ currency, units }: Amount): string {
  const { decimals } = CURRENCIES[currency];
  const digits = String(units).padStart(decimals + 1, '0');
  const fraction = digits.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${digits.slice(0, -decimals)}.${fraction}` : digits.slice(0, -decimals);
}

/**
 * One way a locked title is sold, at the price the checkout charges (`priceCurrency` "SOL" or "USDC": schema.org takes
 * a cryptocurrency's ticker). A rental is an Offer whose `businessFunction` is GoodRelations' LeaseOut, its length
 * `leaseLength` in hours (a QuantitativeValue, UN/CEFACT unit "HUR"): leaseLength is "the length of the lease …
 * particular to some Offer", what a rental's hours are. `eligibleDuration`, the other candidate, is how long the offer
 * itself stands (a price valid for a week), not how long the buyer may watch.
 */
export function offerJsonLd(offer: Offer): Thing {
  return {
    '@type': 'Offer',
    name: offerName(offer),
    price: decimal(offer.price),
    priceCurrency: offer.price.currency,
    // A pre-order is sold now and available from its release: schema.org's PreOrder, with the date it starts.
    ...(offer.releases ? { availability: 'https://schema.org/PreOrder', availabilityStarts: offer.releases } : { availability: 'https://schema.org/InStock' }),
    url: absolute(pageOfDocument(offer.path)),
    ...(offer.kind === 'rent' && {
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      leaseLength: { '@type': 'QuantitativeValue', value: offer.hours, unitCode: 'HUR' },
    }),
  };
}

/** A title's offers: none for a free title, nor for one whose price is malformed (it is not sold). */
const offered = (offers: readonly Offer[]): Thing => (offers.length > 0 ? { offers: offers.map(offerJsonLd) } : {});

/** A trailer is a VideoObject; a documentary a Movie carrying its video. */
export function movieJsonLd(item: MovieItem, offers: readonly Offer[]): Thing {
  const path = routes.watch(item.collection, item.id);
  const type = KINDS[item.collection].jsonLdType;
  if (type === 'VideoObject') {
    return document({
      ...base(type, item, path),
      thumbnailUrl: image(item.coverimg),
      ...(item.updatedAt && { uploadDate: item.updatedAt }),
      ...video(item),
      ...paywall(item.locked),
      ...offered(offers),
    });
  }
  return document({ ...base(type, item, path), genre: KINDS[item.collection].singular, ...video(item), ...paywall(item.locked), ...offered(offers) });
}

const document = (thing: Thing): Thing => ({ '@context': 'https://schema.org', ...thing });

/** Episodes have no page of their own: their url is the page that lists them. */
const episodeJsonLd = (episode: Episode, pagePath: string): Thing => ({
  ...base('TVEpisode', episode, pagePath),
  episodeNumber: episode.episodeNumber,
  ...video(episode),
});

export function seriesJsonLd(series: SeriesDetail, offers: readonly Offer[]): Thing {
  return document({
    ...base(KINDS.series.jsonLdType, series, routes.series(series.id)),
    numberOfSeasons: series.totalSeasons,
    numberOfEpisodes: series.episodeCount,
    containsSeason: series.seasons.items.map((season) => ({
      '@type': 'TVSeason',
      name: season.title,
      seasonNumber: season.seasonNumber,
      numberOfEpisodes: season.totalEpisodes,
      url: absolute(routes.season(series.id, season.id)),
    })),
    ...paywall(series.locked),
    ...offered(offers),
  });
}

/** A season's offers: its own pass where it has one, then its series' (each Offer's url names the page it is sold on). */
export function seasonJsonLd(season: SeasonDetail, offers: readonly Offer[]): Thing {
  const path = routes.season(season.seriesId, season.id);
  return document({
    ...base('TVSeason', season, path),
    seasonNumber: season.seasonNumber,
    numberOfEpisodes: season.totalEpisodes,
    partOfSeries: { '@type': KINDS.series.jsonLdType, name: season.series.title, url: absolute(routes.series(season.seriesId)) },
    episode: season.episodes.items.map((episode) => episodeJsonLd(episode, path)),
    ...paywall(season.series.locked),
    ...offered(offers),
  });
}

export function shortFilmJsonLd(film: ShortFilmDetail, offers: readonly Offer[]): Thing {
  const path = routes.shortFilm(film.id);
  return document({
    ...base(KINDS.shortFilms.jsonLdType, film, path),
    ...paywall(
      film.locked,
      film.episodes.items.map((episode) => episodeJsonLd(episode, path)),
    ),
    ...offered(offers),
  });
}
