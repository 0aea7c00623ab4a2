import { z } from 'zod';
import { answer, apiRoute, ownerAnswer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { fairnessKey } from '@/lib/http/client-budgets';
import { paymentStatus } from '@/lib/payments/confirm/confirm-payment';
import type { TransferStatusAnswer, TransferStatusRequest } from '@/lib/payments/contract';
import { checkoutReferenceSchema } from '@/lib/payments/checkout/request-fields';

// `checkout` arrives as the browser's token and leaves the body check as the reference it names.
const bodySchema = z.object({ checkout: checkoutReferenceSchema }) satisfies z.ZodType<TransferStatusRequest>;

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
    const result = await paymentStatus(body.checkout, browser, fairnessKey(request, browser));
    if (!result.ok) return result;
    const status: TransferStatusAnswer = result.status;
    return status.state === 'paid' ? ownerAnswer(request, browser, status) : answer(status);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
