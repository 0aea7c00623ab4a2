import { readFileSync } from 'node:fs';

/** The embedded catalog the e2e Firestore was seeded from, read the way a test needs it. */
type Episode = { title: string; videourl: string; locked?: boolean; episodeNumber: number };
type Movie = { title: string; videourl: string; locked?: boolean; coverimg?: string; price?: unknown; releaseDate?: string };
type Season = { title: string; seasonNumber: number; episodes: Record<string, Episode> };
type Series = { title: string; locked: boolean; seasons: Record<string, Season> };
type ShortFilm = { title: string; locked: boolean; episodes: Record<string, Episode> };

const read = <T>(name: string) => JSON.parse(readFileSync(`content/${name}.json`, 'utf8')) as Record<string, T>;
const sorted = <T>(record: Record<string, T>) => Object.entries(record).sort(([a], [b]) => a.localeCompare(b));

export const content = {
  trailers: sorted(read<Movie>('trailers')),
  documentaries: sorted(read<Movie>('documentaries')),
  series: sorted(read<Series>('series')),
  shortFilms: sorted(read<ShortFilm>('shortFilms')),
};

/** Locked movies sold at the default price in SOL (no `price` of their own): what a test wallet, holding SOL only, can buy. */
export const lockedAtDefaultPrice = (movies: [string, Movie][]) => movies.filter(([, movie]) => movie.locked && movie.price === undefined);

/** Every playback URL that only a paying browser may ever see. */
export function lockedVideoUrls(): string[] {
  const urls: string[] = [];
  for (const [, movie] of [...content.trailers, ...content.documentaries]) if (movie.locked) urls.push(movie.videourl);
  for (const [, show] of content.series) {
    for (const season of Object.values(show.seasons)) {
      for (const episode of Object.values(season.episodes)) if (show.locked || episode.locked) urls.push(episode.videourl);
    }
  }
  for (const [, film] of content.shortFilms) {
    for (const episode of Object.values(film.episodes)) if (film.locked || episode.locked) urls.push(episode.videourl);
  }
  return urls;
}

/** Every page of the site, as a visitor or crawler reaches it. */
export function sitePaths(): string[] {
  const paths = ['/', '/solenema-wallet', '/ai-agent', '/contact'];
  for (const [id, show] of content.series) {
    paths.push(`/series/${id}`);
    for (const seasonId of Object.keys(show.seasons)) paths.push(`/series/${id}/season/${seasonId}`);
  }
  for (const [id] of content.shortFilms) paths.push(`/short-films/${id}`);
  return paths;
}
