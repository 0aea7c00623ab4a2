import { NextResponse } from 'next/server';
import { errorResponse } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, keepBrowserCookie, ownedPaths, ownedVideos, renewIn } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

/** What this browser owns, with a fresh playback link for each owned video and when to renew them. */
export async function GET(request: Request) {
  const limited = await rateLimit(request, 'entitlements');
  if (limited) return limited;
  const visitor = await currentVisitor();
  const { browser } = visitor;
  if (!browser) return NextResponse.json({ paths: [], videos: {}, renewIn }, { headers: { 'Cache-Control': 'private, no-store' } });
  try {
    const paths = await ownedPaths(browser);
    const videos = await ownedVideos(paths, browser);
    const response = NextResponse.json({ paths, videos, renewIn }, { headers: { 'Cache-Control': 'private, no-store' } });
    keepBrowserCookie(response, request, visitor, browser);
    return response;
  } catch (error) {
    console.error('[entitlements] could not read the ledger', error);
    return errorResponse(503, 'Your purchases could not be loaded just now; they are safe. Please reload in a moment.');
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
