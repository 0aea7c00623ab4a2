import type { CatalogSnapshot } from '@/lib/catalog/snapshot';
import { searchDocumentsOf, type SearchDocument, type SearchKind } from './documents';
import { normalizeText } from './normalize';

/**
 * How well a title matches, best first. The query is compared whole (as a phrase) with the title,
 * then with the description, after normalizeText on both sides:
 *
 *   exactTitle 100 · titlePrefix 80 (the title starts with it) · titleWord 60 (a title word starts
 *   with it) · titleSubstring 40 (inside a word of the title) · descriptionWord 20 · descriptionSubstring 10
 *
 * When the phrase is nowhere, a title still matches if every word of the query matches on its own;
 * it scores its weakest word's tier less SEPARATE_WORDS_PENALTY, so "harbor night" finds "Harbor
 * Lights · Night Shift" below any title that holds the words together at the same tier.
 * Ties go to whole titles before their seasons and episodes, then to the shorter title (the query is
 * more of it), then alphabetically.
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

const KIND_ORDER: Record<SearchKind, number> = { series: 0, shortFilm: 1, documentary: 2, trailer: 3, season: 4, episode: 5 };

export interface SearchHit extends SearchDocument {
  score: number;
}

export interface SearchResults {
  /** The query as compared: empty when it holds no letter or digit ("!!!", "🎬"). */
  normalized: string;
  /** Every matching title, of which `hits` are the best MAX_HITS. */
  total: number;
  hits: SearchHit[];
}

export interface SearchIndex {
  size: number;
  search(query: string, limit?: number): SearchResults;
}

interface Entry {
  document: SearchDocument;
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

function byRank(a: SearchHit, b: SearchHit): number {
  return (
    b.score - a.score ||
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    a.title.length - b.title.length ||
    a.title.localeCompare(b.title, 'en') ||
    (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)
  );
}

/** Normalizes every title once, so a query only compares strings. */
export function createSearchIndex(documents: SearchDocument[]): SearchIndex {
  const entries: Entry[] = documents.map((document) => {
    const title = normalizeText(document.title);
    return { document, title, spacedTitle: ` ${title}`, spacedDescription: ` ${normalizeText(document.description)}` };
  });
  return {
    size: entries.length,
    search(query, limit = MAX_HITS) {
      const normalized = normalizeText(query);
      if (!normalized) return { normalized, total: 0, hits: [] };
      const words = normalized.split(' ');
      const hits: SearchHit[] = [];
      for (const entry of entries) {
        const found = score(entry, normalized, words);
        if (found > 0) hits.push({ ...entry.document, score: found });
      }
      hits.sort(byRank);
      return { normalized, total: hits.length, hits: hits.slice(0, limit) };
    },
  };
}

/**
 * The index of a snapshot, built on the first query of each catalog revision and reused until the
 * revision changes: the cached snapshot is a new object on every read, its revision is not.
 */
export function createIndexCache(): (snapshot: CatalogSnapshot) => SearchIndex {
  let current: { revision: string; index: SearchIndex } | null = null;
  return (snapshot) => {
    if (current?.revision !== snapshot.revision) {
      current = { revision: snapshot.revision, index: createSearchIndex(searchDocumentsOf(snapshot)) };
    }
    return current.index;
  };
}
