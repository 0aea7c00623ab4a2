import { z } from 'zod';

/** The stored field every title is listed by. */
export const POPULAR_KEY = 'popularKey';

const RANK_DIGITS = 6;
const COUNT_DIGITS = 9;
const TIME_DIGITS = 13;
const MAX_COUNT = 10 ** COUNT_DIGITS - 1;
const LATEST_TIME = 10 ** TIME_DIGITS - 1;

/** The fields "popular" is made of; anything malformed counts as absent, so a bad value never hides a title. */
const popularitySchema = z.object({
  rank: z
    .number()
    .int()
    .min(0)
    .max(10 ** RANK_DIGITS - 1)
    .optional()
    .catch(undefined),
  purchaseCount: z.number().int().nonnegative().default(0).catch(0),
  publishedAt: z
    .union([z.string(), z.number()])
    .optional()
    .transform((value) => (value === undefined ? 0 : new Date(value).getTime()))
    .pipe(z.number().int().min(0).max(LATEST_TIME))
    .catch(0),
});

const digits = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * "Popular" as one string that sorts ascending: the operator's `rank` (lower first; titles without
 * one after every ranked title), then purchases (more first), then newest (`publishedAt`), then id.
 * One field, so a page of titles is one ordered, limited query and the next page a range filter on it.
 */
export function popularKey(id: string, data: unknown): string {
  const { rank, purchaseCount, publishedAt } = popularitySchema.parse(data ?? {});
  const rankPart = rank === undefined ? `1${'0'.repeat(RANK_DIGITS)}` : `0${digits(rank, RANK_DIGITS)}`;
  return [rankPart, digits(MAX_COUNT - Math.min(purchaseCount, MAX_COUNT), COUNT_DIGITS), digits(LATEST_TIME - publishedAt, TIME_DIGITS), id].join('.');
}

/** What a `popularKey` looks like, so one arriving in a URL is checked before it reaches a query. */
export const popularKeySchema = z.string().regex(new RegExp(`^[01]\\d{${RANK_DIGITS}}\\.\\d{${COUNT_DIGITS}}\\.\\d{${TIME_DIGITS}}\\.[A-Za-z0-9_-]{1,128}$`));
