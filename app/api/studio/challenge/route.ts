import { z } from 'zod';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { SignInChallenge } from '@/lib/payments/contract';
import { walletSchema } from '@/lib/payments/checkout/request-fields';
import { studioChallenge } from '@/lib/studio/access';

const bodySchema = z.object({ wallet: walletSchema });

/** A one-time Sign In With Solana request opening the studio, for a studio wallet, that only this browser can answer. */
export const POST = apiRoute(
  {
    name: 'studio challenge',
    limit: 'studio',
    sameOrigin: true,
    body: bodySchema,
    browser: 'new',
    unavailable: 'The studio cannot be opened just now. Please try again in a moment.',
  },
  async ({ body, browser }) => {
    const result = await studioChallenge(body.wallet, browser);
    return result.ok ? answer(result.challenge satisfies SignInChallenge) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
