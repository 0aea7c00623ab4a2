import { z } from 'zod';
import { MAX_QUERY_LENGTH } from './limits';

/** What `?q=` may be: absent, one value, or several (`?q=a&q=b`). */
const rawQuerySchema = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .catch(undefined);

export interface SearchQuery {
  /** What is searched for and shown back: trimmed, control characters and lone surrogates removed, at most MAX_QUERY_LENGTH characters. */
  text: string;
  /** The visitor's search was longer than MAX_QUERY_LENGTH and was cut. */
  truncated: boolean;
  /** The URL carried `q` more than once; only the first was used. */
  repeated: boolean;
}

/** A `q` search parameter, whatever its shape, as a search the page can always answer. */
export function parseSearchQuery(raw: unknown): SearchQuery {
  const value = rawQuerySchema.parse(raw);
  const repeated = Array.isArray(value) && value.length > 1;
  const first = (Array.isArray(value) ? value[0] : value) ?? '';
  const cleaned = first
    .replace(/[\p{Cc}\p{Cs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  // Counted in code points, so an emoji is never cut in half.
  const characters = Array.from(cleaned);
  const truncated = characters.length > MAX_QUERY_LENGTH;
  const text = truncated ? characters.slice(0, MAX_QUERY_LENGTH).join('').trim() : cleaned;
  return { text, truncated, repeated };
}
