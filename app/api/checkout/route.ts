import { z } from 'zod';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { answer, apiRoute, ownerAnswer } from '@/lib/api/route';
import { chargeCodeTry } from '@/lib/api/address-budget';
import { otherMethods } from '@/lib/api/methods';
import { vouchedAddress } from '@/lib/http/client-budgets';
import type { CheckoutAnswer, CheckoutRequest, ScreenerAnswer } from '@/lib/payments/contract';
import { codeTextSchema } from '@/lib/payments/codes/code-rules';
import { startCheckout } from '@/lib/payments/checkout/start-checkout';

const bodySchema = z.object({
  path: titlePathSchema,
  kind: z.enum(['buy', 'rent']).default('buy'),
  code: codeTextSchema.optional(),
  gift: z.boolean().optional(),
}) satisfies z.ZodType<CheckoutRequest>;

/**
 * Starts buying (or renting) a locked title: answers the recipient, the price and a fresh reference for this
 * browser, and the same terms as a Solana Pay transaction request (URL and QR code) and transfer request for any wallet.
 * With a studio code the price is the code's; a screener code unlocks the title in this browser instead.
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
    // A code is a guess too: the same per-address budget as the dialog's quote.
    const limited = body.code === undefined ? null : await chargeCodeTry(request);
    if (limited) return limited;
    const result = await startCheckout(body, browser, visitor, { siteOrigin: new URL(request.url).origin, address: vouchedAddress(request) });
    if (!result.ok) return result;
    return 'unlocked' in result ? ownerAnswer(request, browser, result.unlocked satisfies ScreenerAnswer) : answer(result.checkout satisfies CheckoutAnswer);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
