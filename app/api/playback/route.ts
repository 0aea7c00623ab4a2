import { NextResponse } from 'next/server';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { errorResponse } from '@/lib/http/json';
import { otherMethods } from '@/lib/http/methods';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, playbackLinkFor, renewIn } from '@/lib/payments/server';

/**
 * GET /api/playback?video=<path of a movie or an episode>: a fresh link this browser plays one video it
 * owns with, and when to ask again. 400 for a malformed path, 403 when not owned, 404 when not there.
 */
export async function GET(request: Request) {
  const limited = await rateLimit(request, 'playback');
  if (limited) return limited;
  const asked = titlePathSchema.safeParse(new URL(request.url).searchParams.get('video') ?? '');
  if (!asked.success) return errorResponse(400, 'Ask for ?video=<path of a movie or an episode>, such as trailers/abc.');
  const { browser } = await currentVisitor();
  try {
    const link = await playbackLinkFor(browser, asked.data);
    if (!link.ok) return errorResponse(link.status, link.reason);
    return NextResponse.json({ url: link.url, renewIn }, { headers: { 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    console.error('[playback] could not read the ledger or the catalog', error);
    return errorResponse(503, 'Playback is unavailable just now; your purchases are safe. Please try again in a moment.');
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
