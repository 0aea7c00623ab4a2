import { NextResponse } from 'next/server';
import { errorResponse } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import {
  adoptLegacyPurchases,
  clearLegacyCookie,
  currentVisitor,
  markOwner,
  newBrowserId,
  ownedPaths,
  ownedVideos,
  renewIn,
  setBrowserCookie,
} from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

/** What this browser owns, with a fresh playback link for each owned video and when to renew them. */
export async function GET(request: Request) {
  const limited = await rateLimit(request, 'entitlements');
  if (limited) return limited;
  const visitor = await currentVisitor();
  const adopting = visitor.legacyOwned.length > 0;
  const browser = visitor.browser ?? (adopting ? newBrowserId() : null);
  try {
    if (adopting && browser) await adoptLegacyPurchases(browser, visitor.legacyOwned);
    const paths = await ownedPaths(browser);
    const videos = browser ? await ownedVideos(paths, browser) : {};
    const response = NextResponse.json({ paths, videos, renewIn }, { headers: { 'Cache-Control': 'private, no-store' } });
    if (browser && (visitor.unsigned || (adopting && !visitor.browser))) setBrowserCookie(response, request, browser);
    if (adopting && browser) {
      clearLegacyCookie(response);
      markOwner(response, request);
    }
    return response;
  } catch (error) {
    console.error('[entitlements] could not read the ledger', error);
    return errorResponse(503, 'Your purchases could not be loaded just now; they are safe. Please reload in a moment.');
  }
}

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
