import type { RawDocument } from '../../lib/catalog/store';

/** How big a generated catalog is: ordinary titles of each kind, and the extreme shapes beside them. */
export interface CatalogShape {
  series: number;
  seasonsPerSeries: number;
  episodesPerSeason: number;
  shortFilms: number;
  episodesPerShortFilm: number;
  trailers: number;
  documentaries: number;
  /** One series with this many seasons (of episodesPerSeason each). */
  longSeriesSeasons: number;
  /** One season (of a series of its own) with this many episodes; one short film with as many. */
  longSeasonEpisodes: number;
}

/** The large catalog: 500 series × 3 seasons × 8 episodes and the rest, about 16,000 documents. */
export const LARGE_CATALOG: CatalogShape = {
  series: 500,
  seasonsPerSeries: 3,
  episodesPerSeason: 8,
  shortFilms: 200,
  episodesPerShortFilm: 4,
  trailers: 200,
  documentaries: 200,
  longSeriesSeasons: 40,
  longSeasonEpisodes: 400,
};

/** 100,000 titles, most of them one document (trailers, documentaries), so the emulator holds them in minutes. */
export const HUNDRED_K_CATALOG: CatalogShape = {
  series: 10_000,
  seasonsPerSeries: 1,
  episodesPerSeason: 1,
  shortFilms: 10_000,
  episodesPerShortFilm: 1,
  trailers: 40_000,
  documentaries: 39_997,
  longSeriesSeasons: 2,
  longSeasonEpisodes: 3,
};

/** What `npm test` affords: every shape, fewer of each (still several pages of every kind). */
export const TEST_CATALOG: CatalogShape = {
  series: 110,
  seasonsPerSeries: 2,
  episodesPerSeason: 3,
  shortFilms: 60,
  episodesPerShortFilm: 2,
  trailers: 60,
  documentaries: 55,
  longSeriesSeasons: 60,
  longSeasonEpisodes: 130,
};

const WORDS = [
  'amber',
  'atlas',
  'beacon',
  'cinder',
  'delta',
  'drift',
  'ember',
  'fable',
  'glacier',
  'harbor',
  'horizon',
  'iris',
  'juniper',
  'kestrel',
  'lantern',
  'meridian',
  'nomad',
  'orbit',
  'prism',
  'quarry',
  'raven',
  'solstice',
  'tundra',
  'umbra',
  'vessel',
  'willow',
  'zenith',
];
const word = (n: number) => WORDS[n % WORDS.length]!;
const titleOf = (n: number) => `${word(n)[0]!.toUpperCase()}${word(n).slice(1)} ${word(n * 7 + 3)} ${n}`;
const describe = (n: number) => `A story of the ${word(n * 3 + 1)} and the ${word(n * 5 + 2)}, told across ${word(n + 11)} nights.`;
const DAY = 86_400_000;
const published = (n: number) => new Date(Date.UTC(2025, 0, 1) + n * DAY).toISOString();
const free = '/media/clips/nebula.mp4';
const paid = 'private:documentaries/the-ice-archive.mp4';

function episodes(parent: string, count: number, prefix: string): RawDocument[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}e${i + 1}`,
    path: `${parent}/episodes/${prefix}e${i + 1}`,
    data: { episodeNumber: i + 1, title: `${titleOf(i)} episode ${i + 1}`, coverimg: null, videourl: free, description: describe(i) },
  }));
}

function series(id: string, n: number, seasons: number, episodesPerSeason: number, locked: boolean): RawDocument[] {
  const path = `series/${id}`;
  const docs: RawDocument[] = [
    {
      id,
      path,
      data: {
        title: titleOf(n),
        coverimg: null,
        description: describe(n),
        locked,
        totalSeasons: seasons,
        episodeCount: seasons * episodesPerSeason,
        publishedAt: published(n),
      },
    },
  ];
  for (let s = 1; s <= seasons; s += 1) {
    const season = `${path}/seasons/s${s}`;
    docs.push({
      id: `s${s}`,
      path: season,
      data: { title: `Season ${s}`, coverimg: null, description: describe(n + s), seasonNumber: s, totalEpisodes: episodesPerSeason },
    });
    docs.push(...episodes(season, episodesPerSeason, `s${s}`));
  }
  return docs;
}

/**
 * A large catalog made up for measuring: deterministic titles from a small vocabulary (so searches have
 * many candidates), publication dates one day apart (so "newest" orders them), every fourth series (and the long one) locked.
 */
export function generateCatalog(shape: CatalogShape): RawDocument[] {
  const docs: RawDocument[] = [];
  for (let n = 0; n < shape.series; n += 1) docs.push(...series(`gen-series-${n}`, n, shape.seasonsPerSeries, shape.episodesPerSeason, n % 4 === 0));
  docs.push(...series('gen-long-series', shape.series, shape.longSeriesSeasons, shape.episodesPerSeason, true));
  docs.push(...series('gen-long-season', shape.series + 1, 1, shape.longSeasonEpisodes, false));
  const films = [...Array.from({ length: shape.shortFilms }, (_, n) => [n, shape.episodesPerShortFilm]), [shape.shortFilms, shape.longSeasonEpisodes]] as const;
  for (const [n, count] of films) {
    const id = n === shape.shortFilms ? 'gen-long-film' : `gen-film-${n}`;
    const data = { title: titleOf(n + 1000), coverimg: null, description: describe(n), locked: n % 5 === 0, episodeCount: count, publishedAt: published(n) };
    docs.push({ id, path: `shortFilms/${id}`, data }, ...episodes(`shortFilms/${id}`, count, ''));
  }
  for (const [collection, count] of [
    ['trailers', shape.trailers],
    ['documentaries', shape.documentaries],
  ] as const) {
    for (let n = 0; n < count; n += 1) {
      const id = `gen-${collection}-${n}`;
      const locked = collection === 'documentaries' && n % 6 === 0;
      const data = {
        title: titleOf(n + 2000),
        coverimg: null,
        type: 'Movie',
        videourl: locked ? paid : free,
        locked,
        description: describe(n),
        publishedAt: published(n),
      };
      docs.push({ id, path: `${collection}/${id}`, data });
    }
  }
  return docs;
}
