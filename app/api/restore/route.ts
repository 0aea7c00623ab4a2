import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readSameOriginJson } from '@/lib/http/json';
import { rateLimit, tooMany } from '@/lib/http/rate-limit';
import { currentVisitor, keepBrowserCookie, markOwner, restore, signatureSchema, visitorOrNew } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({
  token: z.string().min(1).max(2048),
  signedMessage: z.base64('expected the signed message, base64').min(1).max(4096),
  signature: signatureSchema,
});

/** Sign In With Solana: gives this browser every purchase the signing wallet made. */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'restore');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  const visitor = await currentVisitor();
  const browser = visitorOrNew(visitor);
  const result = await restore(body.data, browser).catch((error: unknown) => {
    console.error('[restore] the ledger failed', error);
    return { ok: false as const, status: 503, reason: 'Your purchases could not be restored just now; they are safe. Please try again in a moment.' };
  });
  if (!result.ok && 'retryAfterMs' in result) return tooMany((wait) => `${result.reason} Try again in ${wait}.`, result.retryAfterMs);
  if (!result.ok) return errorResponse(result.status, result.reason);
  const response = NextResponse.json({ wallet: result.wallet, restored: result.paths, more: result.more }, { headers: { 'Cache-Control': 'no-store' } });
  keepBrowserCookie(response, request, visitor, browser);
  if (result.paths.length > 0) markOwner(response, request);
  return response;
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
