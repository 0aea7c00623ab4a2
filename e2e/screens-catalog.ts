import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The embedded catalog the e2e Firestore is seeded from: tests find their edge cases in it by shape, not by name. */
type Doc = Record<string, unknown>;

const root = path.join(__dirname, '..');

const collection = (name: string): Record<string, Doc> => JSON.parse(readFileSync(path.join(root, 'content', `${name}.json`), 'utf8')) as Record<string, Doc>;

const children = (doc: Doc, field: string) => Object.entries((doc[field] ?? {}) as Record<string, Doc>);

function findMovie(matches: (doc: Doc) => boolean, need: string) {
  for (const band of ['trailers', 'documentaries'] as const) {
    const found = Object.values(collection(band)).find((doc) => typeof doc.title === 'string' && matches(doc));
    if (found) return { band, title: String(found.title) };
  }
  throw new Error(`content/ needs a trailer or documentary ${need}`);
}

/** A trailer or documentary stored without a cover, and the home band it appears in. */
export const movieWithoutCover = () => findMovie((doc) => !doc.coverimg, 'without a coverimg');

/** A trailer or documentary whose cover points at a file that does not exist. */
export const movieWithBrokenCover = () =>
  findMovie(
    (doc) => typeof doc.coverimg === 'string' && doc.coverimg.startsWith('/') && !existsSync(path.join(root, 'public', doc.coverimg)),
    'whose coverimg names a missing file',
  );

/** The season of a free series with the most episodes. */
export function longestFreeSeason() {
  const seasons = Object.entries(collection('series'))
    .filter(([, series]) => series.locked !== true)
    .flatMap(([seriesId, series]) =>
      children(series, 'seasons').map(([seasonId, season]) => ({ seriesId, seasonId, episodes: children(season, 'episodes').length })),
    );
  const longest = seasons.sort((a, b) => b.episodes - a.episodes)[0];
  if (!longest || longest.episodes < 5) throw new Error('content/ needs a free series with a season of at least 5 episodes');
  return longest;
}

/** A season that has no episodes. */
export function emptySeason() {
  for (const [seriesId, series] of Object.entries(collection('series'))) {
    const season = children(series, 'seasons').find(([, doc]) => children(doc, 'episodes').length === 0);
    if (season) return { seriesId, seasonId: season[0] };
  }
  throw new Error('content/ needs a season without episodes for the empty-season test');
}
