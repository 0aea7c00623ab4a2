import type { MovieItem, SeasonSummary, SeriesSummary, ShortFilmSummary } from '@/lib/catalog/types';
import type { ShownOffer } from '@/lib/payments/checkout/offer-words';
import { routes } from '@/lib/routes';
import type { GridCardProps } from '../cards/GridCard';

type KeyedCard = GridCardProps & { key: string };

export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** Catalog summaries as grid cards: one place decides each card's link, lock (with the offers the page computed) and meta line. */
export const seriesCard = (series: SeriesSummary, offers: ShownOffer[]): KeyedCard => ({
  key: series.id,
  title: series.title,
  coverimg: series.coverimg,
  href: routes.series(series.id),
  meta: `${countOf(series.totalSeasons, 'season')} · ${countOf(series.episodeCount, 'episode')}`,
  locked: series.locked ? { purchasePath: series.path, offers } : undefined,
});

export const shortFilmCard = (film: ShortFilmSummary, offers: ShownOffer[]): KeyedCard => ({
  key: film.id,
  title: film.title,
  coverimg: film.coverimg,
  href: routes.shortFilm(film.id),
  meta: countOf(film.episodeCount, 'episode'),
  locked: film.locked ? { purchasePath: film.path, offers } : undefined,
});

export const seasonCard = (season: SeasonSummary): KeyedCard => ({
  key: season.id,
  title: season.title,
  coverimg: season.coverimg,
  href: routes.season(season.seriesId, season.id),
  meta: `Season ${season.seasonNumber} · ${countOf(season.totalEpisodes, 'episode')}`,
});

/** A trailer or documentary on a browse page: the card opens its own page, where it plays. */
export const movieCard = (movie: MovieItem, offers: ShownOffer[]): KeyedCard => ({
  key: movie.id,
  title: movie.title,
  coverimg: movie.coverimg,
  href: routes.watch(movie.collection, movie.id),
  meta: movie.type,
  locked: movie.locked ? { purchasePath: movie.purchasePath, offers } : undefined,
});
