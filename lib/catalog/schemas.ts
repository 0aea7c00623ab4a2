import { z } from 'zod';
import { DOCUMENT_ID, isReservedId, parseTitlePath, type Kind } from './kinds';
import { pricingOf, type Pricing } from './pricing';
import { previewSecondsField } from './preview-seconds';
import { releaseDateField } from './release';
import type { Subtitle } from './types';

/** Firestore documents as stored. Optional fields get their defaults here, once. */
const text = z.string().trim();
const cover = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value : null));
const count = z.coerce.number().int().nonnegative();

/** A BCP-47 language tag, in its canonical spelling (`pt-br` becomes `pt-BR`), so a remembered choice matches it. */
const languageTag = z
  .string()
  .trim()
  .transform((tag, ctx) => {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical) return canonical;
    } catch {
      // RangeError: not a well-formed tag; reported below.
    }
    ctx.addIssue({ code: 'custom', message: 'expected a BCP-47 language tag such as en or pt-BR' });
    return z.NEVER;
  });

/**
 * Where a subtitle file may live: a path on this site ending in .vtt (`/media/captions/x.en.vtt`).
 * Not another origin: a browser loads a cross-origin <track> only in CORS mode, which needs
 * crossorigin on the <video> too, and that would break every video whose host sends no CORS headers.
 */
const subtitleSource = z
  .string()
  .trim()
  .regex(/^\/(?!\/)[\w.\/-]{1,300}\.vtt$/, 'expected a path on this site ending in .vtt, such as /media/captions/film.en.vtt')
  .refine((src) => !src.split('/').includes('..'), 'must not climb out of the site with ..');

/** One WebVTT subtitle track of a title or episode. */
export const subtitleSchema = z.object({
  lang: languageTag,
  label: text.min(1).max(60),
  src: subtitleSource,
});

/** A title's usable tracks, and why the others were left out (`subtitles.1: …`) for the catalog to log. */
export interface SubtitleList {
  tracks: Subtitle[];
  skipped: string[];
}

const MAX_SUBTITLES = 20;

/**
 * The optional `subtitles` field. A title is never dropped for its captions: a broken entry (or a
 * field that is no list at all) is left out and reported, and a second track of the same language
 * is skipped, since the player and a remembered choice pick a track by its language.
 */
export const subtitlesField = z
  .unknown()
  .optional()
  .transform((value): SubtitleList => {
    if (value === undefined || value === null) return { tracks: [], skipped: [] };
    if (!Array.isArray(value)) return { tracks: [], skipped: ['subtitles: expected a list of { lang, label, src }'] };
    const tracks: Subtitle[] = [];
    const skipped: string[] = [];
    value.forEach((entry, index) => {
      const result = subtitleSchema.safeParse(entry);
      if (!result.success) {
        const reasons = result.error.issues.map((issue) => `${issue.path.join('.') || '(entry)'}: ${issue.message}`);
        skipped.push(`subtitles.${index}: ${reasons.join('; ')}`);
      } else if (tracks.some((track) => track.lang === result.data.lang)) skipped.push(`subtitles.${index}: a second ${result.data.lang} track`);
      else if (tracks.length >= MAX_SUBTITLES) skipped.push(`subtitles.${index}: more than ${MAX_SUBTITLES} tracks`);
      else tracks.push(result.data);
    });
    return { tracks, skipped };
  });

/**
 * A document an operator may price (lib/catalog/pricing.ts): its pricing fields are read together, never
 * failing the document, which stays shown (and unsold) when they are malformed.
 */
const priced = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess(
    (data) => (data && typeof data === 'object' ? { ...data, pricing: pricingOf(data as Record<string, unknown>) } : data),
    z.object({ ...shape, pricing: z.custom<Pricing>() }),
  );

export const movieDocSchema = priced({
  title: text.min(1),
  coverimg: cover,
  type: text.min(1).catch('Movie').default('Movie'),
  videourl: text.min(1),
  locked: z.boolean().default(false),
  description: text.default(''),
  subtitles: subtitlesField,
  previewSeconds: previewSecondsField,
  releaseDate: releaseDateField,
});

export const seriesDocSchema = priced({
  title: text.min(1),
  coverimg: cover,
  description: text.default(''),
  locked: z.boolean().default(false),
  totalSeasons: count.default(0),
  episodeCount: count.default(0),
  releaseDate: releaseDateField,
});

/** A season of a locked series is sold on its own (a season pass) only where its document sets its prices. */
export const seasonDocSchema = priced({
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
  subtitles: subtitlesField,
  previewSeconds: previewSecondsField,
});

export const shortFilmDocSchema = priced({
  title: text.min(1),
  coverimg: cover,
  description: text.default(''),
  locked: z.boolean().default(false),
  episodeCount: count.default(0),
  releaseDate: releaseDateField,
});

export type EpisodeDoc = z.infer<typeof episodeDocSchema>;

/** The schema of a title's own document, by its kind. */
export const titleDocSchemas = {
  series: seriesDocSchema,
  shortFilms: shortFilmDocSchema,
  trailers: movieDocSchema,
  documentaries: movieDocSchema,
} as const satisfies Record<Kind, z.ZodType>;

/**
 * A Firestore document id: what a route segment must look like before we ask for it. Firestore
 * refuses ids matching `__.*__` (reserved) with an error, not a "not found", so they never reach it.
 */
export const documentIdSchema = z
  .string()
  .regex(DOCUMENT_ID)
  .refine((id) => !isReservedId(id), 'ids matching __.*__ are reserved by Firestore');

/** A title's document path, as a request names it: `trailers/abc`, down to `series/a/seasons/b/episodes/c`. */
export const titlePathSchema = z.string().refine((path) => parseTitlePath(path) !== null, 'expected a title path such as trailers/abc');
