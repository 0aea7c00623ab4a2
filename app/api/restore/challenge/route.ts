import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readJsonBody } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { paymentCluster, restoreChallenge, walletSchema } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ wallet: walletSchema });

/** A one-time Sign In With Solana request naming this site, for the wallet to sign. */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'restore-challenge');
  if (limited) return limited;
  const body = await readJsonBody(request, bodySchema);
  if (!body.ok) return body.response;
  // The message names the cluster the wallet's purchases were paid on.
  const cluster = await paymentCluster();
  if (!cluster.ok) return errorResponse(cluster.status, cluster.reason);
  return NextResponse.json(restoreChallenge(body.data.wallet, cluster.cluster), { headers: { 'Cache-Control': 'no-store' } });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
