import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readSameOriginJson } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, keepBrowserCookie, paymentCluster, restoreChallenge, visitorOrNew, walletSchema } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ wallet: walletSchema });

/**
 * A one-time Sign In With Solana request naming this site, for the wallet to sign, that only this
 * browser can answer: a browser without an id gets one here (a valid cookie is never replaced).
 */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'restore-challenge');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  // The message names the cluster the wallet's purchases were paid on.
  const cluster = await paymentCluster();
  if (!cluster.ok) return errorResponse(cluster.status, cluster.reason);
  const visitor = await currentVisitor();
  const browser = visitorOrNew(visitor);
  const response = NextResponse.json(restoreChallenge(body.data.wallet, browser, cluster.cluster), { headers: { 'Cache-Control': 'no-store' } });
  keepBrowserCookie(response, request, visitor, browser);
  return response;
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
