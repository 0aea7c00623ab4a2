import { z } from 'zod';
import { syncCatalogChanges } from '@/lib/catalog/sync/service';
import { env } from '@/lib/env/server';
import { refuse } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { bearerMatches } from '@/lib/http/bearer';
import { otherMethods } from '@/lib/api/methods';

export const dynamic = 'force-dynamic';

const bodySchema = z.object({
  /** Firestore document paths an edit wrote: `series/abc`, `series/abc/seasons/s1/episodes/e2`. */
  documents: z
    .array(z.string().regex(/^[A-Za-z]+\/[\w-]+(\/[A-Za-z]+\/[\w-]+){0,2}$/, 'expected a catalog document path such as series/abc'))
    .min(1)
    .max(500),
});

/**
 * Indexes the titles of the documents an edit wrote and expires exactly the pages, lists, sitemaps and search reads
 * that show them (lib/catalog/sync/changes.ts), so the first visitor after the edit already sees it.
 */
async function takeChanges({ body }: { body: z.output<typeof bodySchema> }) {
  const synced = await syncCatalogChanges(body.documents);
  if (synced.indexed.length > 0) console.log(`[catalog sync] events: indexed ${synced.indexed.join(', ')}`);
  return answer(synced);
}

const fromTrigger = (request: Request) => env.CATALOG_EVENTS_SECRET !== undefined && bearerMatches(request, env.CATALOG_EVENTS_SECRET);

/** Where the Firestore trigger (functions/) says which catalog documents an edit wrote. */
export const POST = apiRoute(
  {
    name: 'catalog changes',
    limit: 'revalidate',
    body: bodySchema,
    browser: 'none',
    // A bulk import is one event a document: the trigger's own calls are never refused for the rate.
    unmetered: fromTrigger,
    precheck: ({ request }) => {
      if (!env.CATALOG_EVENTS_SECRET) return refuse('not_found', 'Catalog events are not set up on this site: set CATALOG_EVENTS_SECRET to use them.');
      return fromTrigger(request) ? null : refuse('unauthenticated', 'Missing or wrong bearer token (the trigger sends CATALOG_EVENTS_SECRET).');
    },
    unavailable: 'The change could not be indexed just now (Firestore unreachable?); the trigger sends it again.',
  },
  takeChanges,
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
