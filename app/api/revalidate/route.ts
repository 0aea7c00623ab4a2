import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { expireCatalogReads } from '@/lib/catalog';
import { env } from '@/lib/env/server';
import { refuse } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { bearerMatches } from '@/lib/http/bearer';
import { otherMethods } from '@/lib/api/methods';

const bodySchema = z.object({
  /** Site pages to expire outright: `/series/abc`. */
  paths: z
    .array(z.string().regex(/^\/[\w\-/]*$/, 'expected a site path such as /series/abc'))
    .max(100)
    .optional(),
  /** Catalog documents that changed: `series/abc`, `series/abc/seasons/s1/episodes/e2`, or a whole kind (`series`). */
  titles: z
    .array(z.string().regex(/^[A-Za-z]+(\/[\w-]+(\/[A-Za-z]+\/[\w-]+){0,2})?$/, 'expected a catalog path such as series/abc'))
    .max(500)
    .optional(),
});

/**
 * On-demand refresh after the operator (or a writer such as `npm run seed`) changes content:
 * POST with `Authorization: Bearer $REVALIDATE_SECRET` and `{ "titles": [...] }` to refresh the reads of
 * those titles and the lists that show them, `{ "paths": [...] }` to expire pages, or nothing to refresh every page.
 */
export const POST = apiRoute(
  {
    name: 'revalidate',
    limit: 'revalidate',
    body: bodySchema,
    optionalBody: true,
    browser: 'none',
    // A wrong bearer costs no budget, so no one can lock the operator out; the secret is 16+ characters (lib/env/schema.ts).
    precheck: ({ request }) => {
      // Not a fault of this server's but a route this site does not offer: a 4xx, as any request for it is refused.
      if (!env.REVALIDATE_SECRET) return refuse('not_found', 'Revalidation is not set up on this site: set REVALIDATE_SECRET to use it.');
      return bearerMatches(request, env.REVALIDATE_SECRET) ? null : refuse('unauthenticated', 'Missing or wrong bearer token.');
    },
    unavailable: 'The refresh could not be made just now. Please try again in a moment.',
  },
  async ({ body }) => {
    const { paths = [], titles = [] } = body;
    // The way every edit reaches pages (expireCatalogReads): the next visit renders anew. Without titles, every
    // catalog read; named pages are expired the same way, at once.
    expireCatalogReads(titles.length > 0 ? titles : 'everything');
    for (const path of paths) revalidatePath(path);
    const everything = paths.length === 0 && titles.length === 0;
    return answer({ revalidated: everything ? ['/ (every page)'] : [...titles, ...paths], at: new Date().toISOString() });
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
