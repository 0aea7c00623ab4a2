import { z } from 'zod';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { vouchedAddress } from '@/lib/http/client-budgets';
import type { CheckoutAnswer, CheckoutRequest } from '@/lib/payments/contract';
import { startCheckout } from '@/lib/payments/checkout/start-checkout';

const bodySchema = z.object({
  path: titlePathSchema,
  kind: z.enum(['buy', 'rent']).default('buy'),
  gift: z.boolean().optional(),
}) satisfies z.ZodType<CheckoutRequest>;

/**
 * Starts buying (or renting) a locked title: answers the recipient, the price and a fresh reference for this
 * browser, and the same terms as a Solana Pay transaction request (URL and QR code) and transfer request for any wallet.
 */
export const POST = apiRoute(
  {
    name: 'checkout',
    limit: 'checkout',
    sameOrigin: true,
    body: bodySchema,
    browser: 'new',
    unavailable: 'Checkout is unavailable just now; nothing was charged. Please try again in a moment.',
  },
  async ({ request, body, browser, visitor }) => {
    const result = await startCheckout(body, browser, visitor, { siteOrigin: new URL(request.url).origin, address: vouchedAddress(request) });
    return result.ok ? answer(result.checkout satisfies CheckoutAnswer) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
