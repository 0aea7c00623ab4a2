import { z } from 'zod';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { ApiError } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { CheckoutAnswer, CheckoutRequest } from '@/lib/payments/contract';
import { paymentCluster, startCheckout } from '@/lib/payments/server';
import { transferRequest } from '@/lib/payments/solana-pay';

const bodySchema = z.object({ path: titlePathSchema }) satisfies z.ZodType<CheckoutRequest>;

/**
 * Starts buying a locked title: answers the recipient, the price and a fresh reference for this
 * browser, and the same terms as a Solana Pay transfer request (URL and QR code) for any wallet.
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
  async ({ body, browser }) => {
    // Before any checkout exists: a browser must not pay on a cluster the server does not verify.
    const cluster = await paymentCluster();
    if (!cluster.ok) throw ApiError.of(cluster);
    const result = await startCheckout(body.path, browser, cluster.genesisHash);
    if (!result.ok) throw ApiError.of(result);
    const { reference, recipient, lamports, path, title, expiresAt } = result.checkout;
    const solanaPay = await transferRequest(result.checkout);
    return answer({
      checkout: result.token,
      reference,
      recipient,
      lamports,
      path,
      title,
      expiresAt,
      network: cluster.cluster,
      solanaPay,
    } satisfies CheckoutAnswer);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
