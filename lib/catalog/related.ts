import { normalizeText } from '../search/normalize';
import type { MovieItem } from './types';

/** Shorter words ("the", "of", "and") relate everything to everything. */
const MIN_WORD = 4;

const wordsOf = (text: string) =>
  new Set(
    normalizeText(text)
      .split(' ')
      .filter((word) => word.length >= MIN_WORD),
  );

/**
 * Up to `count` of `candidates` to show under `movie`, never itself: those sharing most words with it first (a word of
 * both titles counts twice, of a title and a description once), then in the candidates' own order.
 */
export function relatedTo(movie: MovieItem, candidates: readonly MovieItem[], count: number): MovieItem[] {
  const title = wordsOf(movie.title);
  const words = new Set([...title, ...wordsOf(movie.description)]);
  const score = (other: MovieItem) => {
    let total = 0;
    for (const word of wordsOf(other.title)) total += title.has(word) ? 2 : words.has(word) ? 1 : 0;
    for (const word of wordsOf(other.description)) total += title.has(word) ? 1 : 0;
    return total;
  };
  return candidates
    .filter((other) => other.path !== movie.path)
    .map((other, order) => ({ other, order, score: score(other) }))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, count)
    .map(({ other }) => other);
}
