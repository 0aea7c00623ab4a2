import { z } from 'zod';

/** Firestore documents as stored. Optional fields get their defaults here, once. */
const text = z.string().trim();
const cover = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));
const count = z.coerce.number().int().nonnegative();

export const movieDocSchema = z.object({
  title: text.min(1),
  coverimg: cover,
  type: text.min(1).catch('Movie').default('Movie'),
  videourl: text.min(1),
  locked: z.boolean().default(false),
  description: text.default(''),
});

export const seriesDocSchema = z.object({
  title: text.min(1),
  coverimg: cover,
  description: text.default(''),
  locked: z.boolean().default(false),
  totalSeasons: count.default(0),
  episodeCount: count.default(0),
});

export const seasonDocSchema = z.object({
  title: text.min(1),
  coverimg: cover,
  description: text.default(''),
  seasonNumber: count,
  totalEpisodes: count.default(0),
});

export const episodeDocSchema = z.object({
  episodeNumber: count,
  title: text.min(1),
  coverimg: cover,
  videourl: text.min(1),
  description: text.default(''),
  locked: z.boolean().default(false),
});

export const shortFilmDocSchema = z.object({
  title: text.min(1),
  coverimg: cover,
  description: text.default(''),
  locked: z.boolean().default(false),
  episodeCount: count.default(0),
});

export type MovieDoc = z.infer<typeof movieDocSchema>;
export type SeriesDoc = z.infer<typeof seriesDocSchema>;
export type SeasonDoc = z.infer<typeof seasonDocSchema>;
export type EpisodeDoc = z.infer<typeof episodeDocSchema>;
export type ShortFilmDoc = z.infer<typeof shortFilmDocSchema>;

/**
 * A Firestore document id: what a route segment must look like before we ask for it. Firestore
 * refuses ids matching `__.*__` (reserved) with an error, not a "not found", so they never reach it.
 */
export const documentIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/)
  .refine((id) => !/^__.*__$/.test(id), 'ids matching __.*__ are reserved by Firestore');

/** A document path that can be bought: `trailers/abc`, down to `series/a/seasons/b/episodes/c`. */
export const titlePathSchema = z
  .string()
  .regex(/^[A-Za-z]+\/[\w-]+(\/[A-Za-z]+\/[\w-]+){0,2}$/, 'expected a title path such as trailers/abc');
