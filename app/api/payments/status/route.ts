import { NextResponse } from 'next/server';
import { z } from 'zod';
import { errorResponse, readSameOriginJson } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, paidResponse, transferStatus } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ checkout: z.string().min(1).max(4096) });

/**
 * Has this Solana Pay checkout been paid? Polled by the page that shows the QR code: "waiting" or
 * "refused" (with when to ask again), or, once the transfer is verified, the same answer as a
 * verified Phantom payment.
 */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'purchase-status');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  const visitor = await currentVisitor();
  const { browser } = visitor;
  if (!browser) return errorResponse(403, 'This browser has no checkout; start the purchase again.');
  const result = await transferStatus(body.data.checkout, browser);
  if (!result.ok) return errorResponse(result.status, result.reason);
  const { status } = result;
  if (status.state === 'paid') return paidResponse(request, visitor, browser, status, { state: 'paid' });
  return NextResponse.json(status, { headers: { 'Cache-Control': 'no-store' } });
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
