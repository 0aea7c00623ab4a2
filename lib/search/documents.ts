import { z } from 'zod';

const searchKinds = ['trailer', 'documentary', 'series', 'season', 'shortFilm', 'episode'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** One searchable title, with what its result card shows (never a video URL). */
export const searchDocumentSchema = z.object({
  /** The catalog path: unique, the card's key, and what its page is found from (lib/routes.ts's pageOfDocument, never stored). */
  path: z.string().min(1),
  kind: z.enum(searchKinds),
  title: z.string().min(1),
  description: z.string(),
  coverimg: z.string().nullable(),
  locked: z.boolean(),
  /** Where it belongs, for seasons and episodes: "Harbor Lights · Season 1". */
  context: z.string().nullable(),
});
export type SearchDocument = z.infer<typeof searchDocumentSchema>;

const KIND_ORDER: Record<SearchKind, number> = { series: 0, shortFilm: 1, documentary: 2, trailer: 3, season: 4, episode: 5 };
/** How the ranking breaks ties between kinds (whole titles before their seasons and episodes); search entries' rank keys start with it. */
export const kindOrder = (kind: SearchKind) => KIND_ORDER[kind];
