import type { MovieCollection } from './catalog/types';

const segment = encodeURIComponent;

/** The one place that knows the site's URLs. */
export const routes = {
  home: '/',
  walletGuide: '/solenema-wallet',
  aiAgent: '/ai-agent',
  contact: '/contact',
  series: (seriesId: string) => `/series/${segment(seriesId)}`,
  season: (seriesId: string, seasonId: string) => `/series/${segment(seriesId)}/season/${segment(seasonId)}`,
  shortFilm: (shortFilmId: string) => `/short-films/${segment(shortFilmId)}`,
  watch: (collection: MovieCollection, id: string) => `/watch/${collection}/${segment(id)}`,
};
