import { z } from 'zod';
import { ApiError } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { checkoutTokenSchema } from '@/lib/payments/checkout-token';
import type { TransferStatusAnswer, TransferStatusRequest } from '@/lib/payments/contract';
import { paidResponse, transferStatus } from '@/lib/payments/server';

const bodySchema = z.object({ checkout: checkoutTokenSchema }) satisfies z.ZodType<TransferStatusRequest>;

/**
 * Has this Solana Pay checkout been paid? Polled by the page that shows the QR code: "waiting" or
 * "refused" (with when to ask again), or, once the transfer is verified, the same answer as a
 * verified Phantom payment.
 */
export const POST = apiRoute(
  {
    name: 'payment status',
    limit: 'purchase-status',
    sameOrigin: true,
    body: bodySchema,
    browser: 'required',
    noBrowser: 'This browser has no checkout; start the purchase again.',
    unavailable: 'If you paid, your payment is safe; we will keep looking. Please try again in a moment.',
  },
  async ({ request, body, browser }) => {
    const result = await transferStatus(body.checkout, browser);
    if (!result.ok) throw ApiError.of(result);
    const { status } = result;
    if (status.state === 'paid') return paidResponse(request, status, { state: 'paid' });
    return answer(status satisfies TransferStatusAnswer);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
