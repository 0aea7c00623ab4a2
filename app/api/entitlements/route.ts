import { NextResponse } from 'next/server';
import { errorResponse } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, keepBrowserCookie, ownedPaths } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const PRIVATE = { 'Cache-Control': 'private, no-store' };

/** What this browser owns: the paths, no links (a video's link is asked for when it plays, at /api/playback). */
export async function GET(request: Request) {
  const limited = await rateLimit(request, 'entitlements');
  if (limited) return limited;
  const visitor = await currentVisitor();
  const { browser } = visitor;
  if (!browser) return NextResponse.json({ paths: [] }, { headers: PRIVATE });
  try {
    const response = NextResponse.json({ paths: await ownedPaths(browser) }, { headers: PRIVATE });
    keepBrowserCookie(response, request, visitor, browser);
    return response;
  } catch (error) {
    console.error('[entitlements] could not read the ledger', error);
    return errorResponse(503, 'Your purchases could not be loaded just now; they are safe. Please reload in a moment.');
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
