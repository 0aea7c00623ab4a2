import { revalidatePath, revalidateTag } from 'next/cache';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { CATALOG_TAG } from '@/lib/catalog';
import { env } from '@/lib/env';
import { errorResponse, readJsonBody } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { bearerMatches } from '@/lib/http/secret';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({
  paths: z.array(z.string().regex(/^\/[\w\-/]*$/, 'expected a site path such as /series/abc')).max(100).optional(),
});

/**
 * On-demand refresh after the operator (or a Firestore trigger) changes content:
 * POST with `Authorization: Bearer $REVALIDATE_SECRET`, optionally `{ "paths": [...] }`; no paths refreshes every page.
 */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'revalidate');
  if (limited) return limited;
  if (!env.REVALIDATE_SECRET) return errorResponse(503, 'Revalidation is not configured: set REVALIDATE_SECRET.');
  if (!bearerMatches(request, env.REVALIDATE_SECRET)) return errorResponse(401, 'Missing or wrong bearer token.');
  const body = await readJsonBody(request, bodySchema, { optional: true });
  if (!body.ok) return body.response;
  const paths = body.data.paths ?? [];
  // Content changed: every catalog read is marked stale, and with it every page built from one. Stale,
  // not expired: the next visit gets the last good page while the new one renders, so a refresh during
  // a Firestore outage never turns pages into errors (store-outage.spec.ts). Named paths are expired
  // outright: their next visit waits for the new page.
  revalidateTag(CATALOG_TAG, 'max');
  for (const path of paths) revalidatePath(path);
  return NextResponse.json({ revalidated: paths.length === 0 ? ['/ (every page)'] : paths, at: new Date().toISOString() });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
