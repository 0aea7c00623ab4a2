import { z } from 'zod';
import { apiRoute, ownerAnswer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { fairnessKey } from '@/lib/http/client-budgets';
import { confirmPayment } from '@/lib/payments/confirm/confirm-payment';
import type { VerifyAnswer, VerifyRequestBody } from '@/lib/payments/contract';
import { checkoutReferenceSchema, signatureSchema } from '@/lib/payments/checkout/request-fields';

// `checkout` arrives as the browser's token and leaves the body check as the reference it names.
const bodySchema = z.object({ checkout: checkoutReferenceSchema, signature: signatureSchema }) satisfies z.ZodType<VerifyRequestBody>;

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
    const result = await confirmPayment(body.checkout, body.signature, browser, fairnessKey(request, browser));
    return result.ok ? ownerAnswer(request, browser, result.paid satisfies VerifyAnswer) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
