import { z } from 'zod';
import { errorResponse, readSameOriginJson } from '@/lib/http/json';
import { rateLimit } from '@/lib/http/rate-limit';
import { currentVisitor, finishCheckout, paidResponse, signatureSchema } from '@/lib/payments/server';
import { otherMethods } from '@/lib/http/methods';

const bodySchema = z.object({ checkout: z.string().min(1).max(4096), signature: signatureSchema });

/** Verifies a payment on chain, records it once, and only then grants the title to this browser. */
export async function POST(request: Request) {
  const limited = await rateLimit(request, 'verify');
  if (limited) return limited;
  const body = await readSameOriginJson(request, bodySchema);
  if (!body.ok) return body.response;
  const visitor = await currentVisitor();
  const { browser } = visitor;
  if (!browser) return errorResponse(403, 'This browser has no checkout; start the purchase again.');
  const result = await finishCheckout({ checkoutToken: body.data.checkout, signature: body.data.signature, browser });
  if (!result.ok) return errorResponse(result.status, result.reason);
  return paidResponse(request, visitor, browser, result);
}

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
