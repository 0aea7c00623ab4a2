import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { checkoutTokenSchema } from '@/lib/payments/checkout-token';
import type { VerifyRequestBody } from '@/lib/payments/contract';
import { finishCheckout, paidResponse, signatureSchema } from '@/lib/payments/server';

const bodySchema = z.object({ checkout: checkoutTokenSchema, signature: signatureSchema }) satisfies z.ZodType<VerifyRequestBody>;

/** Verifies a payment on chain, records it once, and only then grants the title to this browser. */
export const POST = apiRoute(
  {
    name: 'verify',
    limit: 'verify',
    sameOrigin: true,
    body: bodySchema,
    browser: 'required',
    noBrowser: 'This browser has no checkout; start the purchase again.',
    unavailable: 'Your payment is safe; verification will be retried. Please try again in a moment.',
  },
  async ({ request, body, browser }) => {
    const result = await finishCheckout({ checkoutToken: body.checkout, signature: body.signature, browser });
    if (!result.ok) throw ApiError.of(result);
    return paidResponse(request, result);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
