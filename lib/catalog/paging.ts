import { z } from 'zod';

/** How many cards each list shows: what bounds a page's size and its reads, whatever the catalog holds. */
export const PAGE_SIZES = {
  /** A section of the home page (then "See all"): four of them keep the home page well under 400 KB of HTML. */
  homeSection: 18,
  /** A browse page of one kind of title. */
  titles: 48,
  /** A series page's seasons. */
  seasons: 48,
  /** A season's or short film's episodes: the carousel and the JSON-LD. */
  episodes: 30,
} as const;

/** One page of an ordered list, and the cursors of its neighbours. */
export interface Page<T> {
  items: T[];
  /** The cursor of the page after this one; null on the last page. */
  next: string | null;
  /** The page before: `{ after: null }` is the first page; null when this is the first page. */
  previous: { after: string | null } | null;
  /** The first item of the next page (read with this one, at the cost of one document): the player's "Up next". */
  firstOfNext: T | null;
}

/** Which page of a list: the cursor (the sort key of the last item before it) and how many items. */
export interface PageRequest {
  after?: string;
  size: number;
}

/** A cursor of a list ordered by a number (seasonNumber, episodeNumber), as it arrives in a URL. */
export const numberCursorSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
