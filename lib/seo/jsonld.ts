import 'server-only';
import { DEFAULT_COVER } from '../catalog/default-cover';
import { KINDS } from '../catalog/kinds';
import type { Access, Episode, MovieItem, SeasonDetail, SeriesDetail, ShortFilmDetail } from '../catalog/types';
import { routes } from '../routes';
import { absolute, videoUrlProperty } from './urls';

type Thing = Record<string, unknown>;

const image = (coverimg: string | null) => absolute(coverimg ?? DEFAULT_COVER);

/** Only a free title names its video: a locked one's URL never leaves the server. */
const video = (access: Access) => (access.locked ? { isAccessibleForFree: false } : { isAccessibleForFree: true, ...videoUrlProperty(access.videourl) });

const base = (type: string, item: { title: string; description: string; coverimg: string | null }, path: string): Thing => ({
  '@type': type,
  name: item.title,
  ...(item.description && { description: item.description }),
  image: image(item.coverimg),
  url: absolute(path),
});

/** A trailer is a VideoObject; a documentary a Movie carrying its video. */
export function movieJsonLd(item: MovieItem): Thing {
  const path = routes.watch(item.collection, item.id);
  const type = KINDS[item.collection].jsonLdType;
  if (type === 'VideoObject') {
    return document({
      ...base(type, item, path),
      thumbnailUrl: image(item.coverimg),
      ...(item.updatedAt && { uploadDate: item.updatedAt }),
      ...video(item),
    });
  }
  return document({ ...base(type, item, path), genre: KINDS[item.collection].singular, ...video(item) });
}

const document = (thing: Thing): Thing => ({ '@context': 'https://schema.org', ...thing });

/** Episodes have no page of their own: their url is the page that lists them. */
const episodeJsonLd = (episode: Episode, pagePath: string): Thing => ({
  ...base('TVEpisode', episode, pagePath),
  episodeNumber: episode.episodeNumber,
  ...video(episode),
});

export function seriesJsonLd(series: SeriesDetail): Thing {
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
  });
}

export function seasonJsonLd(season: SeasonDetail): Thing {
  const path = routes.season(season.seriesId, season.id);
  return document({
    ...base('TVSeason', season, path),
    seasonNumber: season.seasonNumber,
    numberOfEpisodes: season.totalEpisodes,
    partOfSeries: { '@type': KINDS.series.jsonLdType, name: season.series.title, url: absolute(routes.series(season.seriesId)) },
    episode: season.episodes.items.map((episode) => episodeJsonLd(episode, path)),
  });
}

export function shortFilmJsonLd(film: ShortFilmDetail): Thing {
  const path = routes.shortFilm(film.id);
  return document({ ...base(KINDS.shortFilms.jsonLdType, film, path), hasPart: film.episodes.items.map((episode) => episodeJsonLd(episode, path)) });
}
