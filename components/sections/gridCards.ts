import type { SeasonSummary, SeriesSummary, ShortFilmSummary } from '@/lib/catalog/types';
import type { GridCardProps } from '../cards/GridCard';

type KeyedCard = GridCardProps & { key: string };

export const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

export const seriesHref = (seriesId: string) => `/series/${encodeURIComponent(seriesId)}`;
export const seasonHref = (seriesId: string, seasonId: string) => `${seriesHref(seriesId)}/season/${encodeURIComponent(seasonId)}`;
export const shortFilmHref = (shortFilmId: string) => `/short-films/${encodeURIComponent(shortFilmId)}`;

/** Catalog summaries as grid cards: one place decides each card's link, lock and meta line. */
export const seriesCard = (series: SeriesSummary): KeyedCard => ({
  key: series.id,
  title: series.title,
  coverimg: series.coverimg,
  href: seriesHref(series.id),
  meta: `${countOf(series.totalSeasons, 'season')} · ${countOf(series.episodeCount, 'episode')}`,
  purchasePath: series.locked ? series.path : undefined,
});

export const shortFilmCard = (film: ShortFilmSummary): KeyedCard => ({
  key: film.id,
  title: film.title,
  coverimg: film.coverimg,
  href: shortFilmHref(film.id),
  meta: countOf(film.episodeCount, 'episode'),
  purchasePath: film.locked ? film.path : undefined,
});

export const seasonCard = (season: SeasonSummary): KeyedCard => ({
  key: season.id,
  title: season.title,
  coverimg: season.coverimg,
  href: seasonHref(season.seriesId, season.id),
  meta: `Season ${season.seasonNumber} · ${countOf(season.totalEpisodes, 'episode')}`,
});
