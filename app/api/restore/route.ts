import { z } from 'zod';
import { answer, apiRoute, ownerAnswer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { fairnessKey } from '@/lib/http/client-budgets';
import type { RestoredAnswer, SignInRequest } from '@/lib/payments/contract';
import { signatureSchema } from '@/lib/payments/checkout/request-fields';
import { restore } from '@/lib/payments/ownership/restore-wallet';

const bodySchema = z.object({
  token: z.string().min(1).max(2048),
  signedMessage: z.base64('expected the signed message, base64').min(1).max(4096),
  signature: signatureSchema,
}) satisfies z.ZodType<SignInRequest>;

/** Sign In With Solana: gives this browser every purchase the signing wallet made. */
export const POST = apiRoute(
  {
    name: 'restore',
    limit: 'restore',
    sameOrigin: true,
    body: bodySchema,
    browser: 'new',
    unavailable: 'Your purchases could not be restored just now; they are safe. Please try again in a moment.',
  },
  async ({ request, body, browser }) => {
    // A restore reads the wallet's history: its address pays for that share (its browser without a trusted address).
    const result = await restore(body, browser, fairnessKey(request, browser));
    if (!result.ok) return result;
    const restored = { wallet: result.wallet, restored: result.paths, more: result.more } satisfies RestoredAnswer;
    return result.paths.length > 0 ? ownerAnswer(request, browser, restored) : answer(restored);
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
