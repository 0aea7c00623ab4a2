import { kindOrder, type SearchDocument } from './documents';
import { normalizeText } from './normalize';

/**
 * How well a title matches, best first. The query is compared whole (as a phrase) with the title,
 * then with the description, after normalizeText on both sides:
 *
 *   exactTitle 100 · titlePrefix 80 (the title starts with it) · titleWord 60 (a title word starts
 *   with it) · titleSubstring 40 (inside a word of the title) · descriptionWord 20 · descriptionSubstring 10
 *
 * When the phrase is nowhere, a title still matches if every word of the query matches on its own;
 * it scores its weakest word's tier less SEPARATE_WORDS_PENALTY, so "train night" finds "Night Train"
 * (titleWord 60 − 5), below any title that holds the words together at the same tier.
 * Ties go to whole titles before their seasons and episodes, then to the shorter title (the query is
 * more of it), then alphabetically (by the compared form of the title).
 */
export const MATCH_SCORES = {
  exactTitle: 100,
  titlePrefix: 80,
  titleWord: 60,
  titleSubstring: 40,
  descriptionWord: 20,
  descriptionSubstring: 10,
} as const;
export const SEPARATE_WORDS_PENALTY = 5;

/** A results page shows this many; the rest are counted. */
export const MAX_HITS = 48;

interface SearchHit extends SearchDocument {
  score: number;
}

export interface SearchResults {
  /** The query as compared: empty when it holds no letter or digit ("!!!", "🎬"). */
  normalized: string;
  /** Every matching title, of which `hits` are the best MAX_HITS. */
  total: number;
  hits: SearchHit[];
  /** The catalog could not be searched just now: nothing is known to match or not. */
  unavailable?: boolean;
}

export interface SearchIndex {
  search(query: string, limit?: number): SearchResults;
}

interface Entry {
  document: SearchDocument;
  kindOrder: number;
  title: string;
  /** The title with a leading space, so " word" finds a word start anywhere, the first included. */
  spacedTitle: string;
  spacedDescription: string;
}

function tier(entry: Entry, needle: string): number {
  if (entry.title === needle) return MATCH_SCORES.exactTitle;
  if (entry.title.startsWith(needle)) return MATCH_SCORES.titlePrefix;
  if (entry.spacedTitle.includes(` ${needle}`)) return MATCH_SCORES.titleWord;
  if (entry.title.includes(needle)) return MATCH_SCORES.titleSubstring;
  if (entry.spacedDescription.includes(` ${needle}`)) return MATCH_SCORES.descriptionWord;
  if (entry.spacedDescription.includes(needle)) return MATCH_SCORES.descriptionSubstring;
  return 0;
}

function score(entry: Entry, phrase: string, words: string[]): number {
  const whole = tier(entry, phrase);
  if (whole > 0 || words.length < 2) return whole;
  let weakest: number = MATCH_SCORES.exactTitle;
  for (const word of words) {
    const found = tier(entry, word);
    if (found === 0) return 0;
    weakest = Math.min(weakest, found);
  }
  return weakest - SEPARATE_WORDS_PENALTY;
}

type Match = { entry: Entry; score: number };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Cheap comparisons only (no localeCompare): a broad query over a large catalog sorts thousands of matches. */
function byRank(a: Match, b: Match): number {
  return (
    b.score - a.score ||
    a.entry.kindOrder - b.entry.kindOrder ||
    a.entry.title.length - b.entry.title.length ||
    compare(a.entry.title, b.entry.title) ||
    compare(a.entry.document.path, b.entry.document.path)
  );
}

/** Normalizes every title once, so a query only compares strings. */
export function createSearchIndex(documents: SearchDocument[]): SearchIndex {
  const entries: Entry[] = documents.map((document) => {
    const title = normalizeText(document.title);
    const spacedDescription = ` ${normalizeText(document.description)}`;
    return { document, kindOrder: kindOrder(document.kind), title, spacedTitle: ` ${title}`, spacedDescription };
  });
  return {
    search(query, limit = MAX_HITS) {
      const normalized = normalizeText(query);
      if (!normalized) return { normalized, total: 0, hits: [] };
      const words = normalized.split(' ');
      const matches: Match[] = [];
      for (const entry of entries) {
        const found = score(entry, normalized, words);
        if (found > 0) matches.push({ entry, score: found });
      }
      matches.sort(byRank);
      const hits = matches.slice(0, limit).map(({ entry, score: found }) => ({ ...entry.document, score: found }));
      return { normalized, total: matches.length, hits };
    },
  };
}
