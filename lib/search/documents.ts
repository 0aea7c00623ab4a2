import { z } from 'zod';

const searchKinds = ['trailer', 'documentary', 'series', 'season', 'shortFilm', 'episode'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** One searchable title, with what its result card shows (never a video URL). */
export const searchDocumentSchema = z.object({
  /** The catalog path: unique, and the card's key. */
  path: z.string().min(1),
  kind: z.enum(searchKinds),
  title: z.string().min(1),
  description: z.string(),
  coverimg: z.string().nullable(),
  /** The page that shows it: an episode's is its season's or short film's page. */
  href: z.string().startsWith('/'),
  locked: z.boolean(),
  /** Where it belongs, for seasons and episodes: "Harbor Lights · Season 1". */
  context: z.string().nullable(),
});
export type SearchDocument = z.infer<typeof searchDocumentSchema>;
