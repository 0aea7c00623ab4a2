import { z } from 'zod';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { SignInChallenge, SignInChallengeRequest } from '@/lib/payments/contract';
import { walletSchema } from '@/lib/payments/checkout/request-fields';
import { giftChallenge } from '@/lib/payments/gifts/gift-claim';

const bodySchema = z.object({ wallet: walletSchema }) satisfies z.ZodType<SignInChallengeRequest>;

/** A one-time Sign In With Solana request for the wallet claiming a gift; a browser without an id gets one here. */
export const POST = apiRoute(
  {
    name: 'gift challenge',
    // A claim is a wallet's sign-in, as a restore is: the same budget.
    limit: 'restore-challenge',
    sameOrigin: true,
    body: bodySchema,
    browser: 'new',
    unavailable: 'Claiming is unavailable just now; the gift is safe. Please try again in a moment.',
  },
  async ({ body, browser }) => {
    const result = await giftChallenge(body.wallet, browser);
    return result.ok ? answer(result.challenge satisfies SignInChallenge) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
