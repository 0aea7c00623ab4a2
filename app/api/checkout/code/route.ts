import { z } from 'zod';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { CodeQuoteAnswer } from '@/lib/payments/contract';
import { codeTextSchema } from '@/lib/payments/codes/code-rules';
import { quoteCheckoutCode } from '@/lib/payments/checkout/start-checkout';

const bodySchema = z.object({ path: titlePathSchema, kind: z.enum(['buy', 'rent']).default('buy'), code: codeTextSchema });

/**
 * What a studio code makes an offer's price, before paying and without counting a use; or why it does not apply
 * (unknown, not yet started, ended, spent, for another title). Guessing is limited per address (the `code` budget).
 */
export const POST = apiRoute(
  {
    name: 'code quote',
    limit: 'code',
    limitPer: 'address',
    sameOrigin: true,
    body: bodySchema,
    browser: 'optional',
    unavailable: 'Codes cannot be checked just now; nothing was charged. Please try again in a moment.',
  },
  async ({ body, visitor }) => {
    const result = await quoteCheckoutCode(body, visitor);
    return result.ok ? answer(result.quote satisfies CodeQuoteAnswer) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
