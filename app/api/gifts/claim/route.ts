import { z } from 'zod';
import { apiRoute, ownerAnswer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { refuse } from '@/lib/errors';
import type { GiftClaimAnswer, GiftClaimRequest } from '@/lib/payments/contract';
import { signatureSchema } from '@/lib/payments/checkout/request-fields';
import { claimGift, NO_GIFT } from '@/lib/payments/gifts/gift-claim';
import { isGiftToken } from '@/lib/payments/gifts/gift-records';

const bodySchema = z.object({
  gift: z.string().max(256),
  token: z.string().min(1).max(2048),
  signedMessage: z.base64('expected the signed message, base64').min(1).max(4096),
  signature: signatureSchema,
}) satisfies z.ZodType<GiftClaimRequest>;

/** Claims a gift for the signing wallet in this browser: 404 for a link naming no gift, 410 once it was claimed. */
export const POST = apiRoute(
  {
    name: 'gift claim',
    limit: 'restore',
    sameOrigin: true,
    body: bodySchema,
    browser: 'required',
    noBrowser: 'Ask for a claim challenge in this browser first.',
    unavailable: 'The gift could not be claimed just now; it is safe. Please try again in a moment.',
  },
  async ({ request, body, browser }) => {
    if (!isGiftToken(body.gift)) return refuse('not_found', NO_GIFT);
    const result = await claimGift(body, browser);
    return result.ok ? ownerAnswer(request, browser, result.claimed satisfies GiftClaimAnswer) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
