import { NextResponse } from 'next/server';
import { z } from 'zod';
import { readSameOriginJson } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { restoreChallenge, walletSchema } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ wallet: walletSchema });

/** A one-time Sign In With Solana request naming this site, for the wallet to sign. */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'restore-challenge');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  return NextResponse.json(restoreChallenge(body.data.wallet), { headers: { 'Cache-Control': 'no-store' } });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
