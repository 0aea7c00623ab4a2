import type { z } from 'zod';
import { kindOrder, type SearchDocument } from '../search/documents';
import { MAX_TOKEN, normalizeText } from '../search/normalize';
import { isMovieKind, KINDS, parseTitlePath } from './kinds';
import { episodeDocSchema, movieDocSchema, seasonDocSchema, seriesDocSchema, shortFilmDocSchema } from './schemas';
import type { RawDocument } from './store';

/**
 * The catalog's indexing for search: the entries derived from its documents (what a writer stores beside them),
 * and the fields they are looked up and ordered by. lib/search ranks what these lookups find; it needs nothing
 * of the catalog.
 */

/** Where search entries live: one flat collection, one entry per title, season and episode. */
export const SEARCH_COLLECTION = 'searchEntries';
const MAX_DESCRIPTION_WORDS = 30;

/**
 * The arrays an entry is found by, each queried with array-contains for the query's longest word (cut to
 * MAX_TOKEN), with at most `limit` candidates each: 200 document reads per query at most, the better tiers
 * given the larger share. Description pieces come from its first MAX_DESCRIPTION_WORDS words, so a long
 * description does not make a large entry.
 */
export const LOOKUPS = [
  { field: 'titleWords', limit: 100 },
  { field: 'titleInside', limit: 40 },
  { field: 'descriptionWords', limit: 40 },
  { field: 'descriptionInside', limit: 20 },
] as const;
/** Orders the candidates of one lookup as the ranking breaks ties: whole titles first, then shorter titles. */
export const RANK_KEY = 'rankKey';

const words = (text: string) => normalizeText(text).split(' ').filter(Boolean);
const prefixesOf = (word: string) => Array.from({ length: Math.min(word.length, MAX_TOKEN) }, (_, end) => word.slice(0, end + 1));
/** Every piece of a word that does not start it, up to MAX_TOKEN long: what "inside a title" (or a description) matches. */
const insidesOf = (word: string) => [...word.slice(1)].flatMap((_, start) => prefixesOf(word.slice(start + 1)));

/** A search document as stored: itself plus the normalized word pieces it is found by. */
function searchEntryData(document: SearchDocument) {
  const title = normalizeText(document.title);
  const titleWords = words(document.title);
  const description = words(document.description).slice(0, MAX_DESCRIPTION_WORDS);
  const rankKey = `${kindOrder(document.kind)}.${String(title.length).padStart(4, '0')}.${title}`;
  return {
    ...document,
    titleWords: [...new Set(titleWords.flatMap(prefixesOf))],
    titleInside: [...new Set(titleWords.flatMap(insidesOf))],
    descriptionWords: [...new Set(description.flatMap(prefixesOf))],
    descriptionInside: [...new Set(description.flatMap(insidesOf))],
    [RANK_KEY]: rankKey,
  };
}

/** An entry's id: its catalog path with `/` as `~`, so one title has exactly one entry (catalog ids hold no `~`). */
export const searchEntryId = (path: string) => path.replaceAll('/', '~');
/** The catalog path an entry (`searchEntries/series~x`) was made for: the inverse of searchEntryId. */
export const catalogPathOfEntry = (entryPath: string) => entryPath.slice(SEARCH_COLLECTION.length + 1).replaceAll('~', '/');

type Parsed<S extends z.ZodType> = { raw: RawDocument; doc: z.output<S> };

/**
 * The search entries of a set of catalog documents (what a writer stores beside them): movies, series,
 * their seasons and episodes, short films and theirs, each with its parents' lock, cover and context.
 * A document that fails its schema gets no entry (the site skips it too).
 */
export function searchEntriesOf(documents: RawDocument[]): RawDocument[] {
  const byPath = new Map(documents.map((raw) => [raw.path, raw]));
  function parsed<S extends z.ZodType>(path: string, schema: S): Parsed<S> | null {
    const raw = byPath.get(path);
    const result = raw && schema.safeParse(raw.data);
    return raw && result?.success ? { raw, doc: result.data } : null;
  }
  const entries: SearchDocument[] = [];
  for (const raw of documents) {
    const address = parseTitlePath(raw.path);
    if (!address) continue;
    const [id, subId = ''] = address.ids;
    if (isMovieKind(address.kind)) {
      const movie = parsed(raw.path, movieDocSchema);
      if (!movie) continue;
      const { title, description, coverimg, locked } = movie.doc;
      entries.push({ path: raw.path, kind: KINDS[address.kind].searchKind, title, description, coverimg, locked, context: null });
    } else if (address.kind === 'series') {
      const show = parsed(`series/${id}`, seriesDocSchema);
      if (!show) continue;
      if (address.depth === 'title') {
        const { title, description, coverimg, locked } = show.doc;
        entries.push({ path: raw.path, kind: 'series', title, description, coverimg, locked, context: null });
        continue;
      }
      const season = parsed(`series/${id}/seasons/${subId}`, seasonDocSchema);
      if (!season) continue;
      const cover = season.doc.coverimg ?? show.doc.coverimg;
      const context = `${show.doc.title} · Season ${season.doc.seasonNumber}`;
      if (address.depth === 'season') {
        const { title, description } = season.doc;
        entries.push({ path: raw.path, kind: 'season', title, description, coverimg: cover, locked: show.doc.locked, context });
      } else entries.push(...episodeEntry(parsed(raw.path, episodeDocSchema), context, cover, show.doc.locked));
    } else {
      const film = parsed(`shortFilms/${id}`, shortFilmDocSchema);
      if (!film) continue;
      const { title, description, coverimg, locked } = film.doc;
      if (address.depth === 'title') entries.push({ path: raw.path, kind: 'shortFilm', title, description, coverimg, locked, context: null });
      else entries.push(...episodeEntry(parsed(raw.path, episodeDocSchema), title, coverimg, locked));
    }
  }
  return entries.map((entry) => ({ id: searchEntryId(entry.path), path: `${SEARCH_COLLECTION}/${searchEntryId(entry.path)}`, data: searchEntryData(entry) }));
}

function episodeEntry(episode: Parsed<typeof episodeDocSchema> | null, context: string, cover: string | null, parentLocked: boolean): SearchDocument[] {
  if (!episode) return [];
  const { title, description, coverimg, episodeNumber, locked } = episode.doc;
  const path = episode.raw.path;
  return [
    {
      path,
      kind: 'episode',
      title,
      description,
      coverimg: coverimg ?? cover,
      locked: parentLocked || locked,
      context: `${context} · Episode ${episodeNumber}`,
    },
  ];
}
