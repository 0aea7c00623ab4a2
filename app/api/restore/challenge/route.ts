import { NextResponse } from 'next/server';
import { z } from 'zod';
import { readJsonBody } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, newBrowserId, restoreChallenge, setBrowserCookie, walletSchema } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ wallet: walletSchema });

/**
 * A one-time Sign In With Solana request naming this site, for the wallet to sign, that only this
 * browser can answer: a browser without an id gets one here (a valid cookie is never replaced).
 */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'restore-challenge');
  if (limited) return limited;
  const body = await readJsonBody(request, bodySchema);
  if (!body.ok) return body.response;
  const visitor = await currentVisitor();
  const browser = visitor.browser ?? newBrowserId();
  const response = NextResponse.json(restoreChallenge(body.data.wallet, browser), { headers: { 'Cache-Control': 'no-store' } });
  if (!visitor.browser || visitor.unsigned) setBrowserCookie(response, request, browser);
  return response;
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
