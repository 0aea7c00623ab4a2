import { z } from 'zod';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { SignInChallenge, SignInChallengeRequest } from '@/lib/payments/contract';
import { walletSchema } from '@/lib/payments/checkout/request-fields';
import { restoreChallenge } from '@/lib/payments/ownership/restore-wallet';

const bodySchema = z.object({ wallet: walletSchema }) satisfies z.ZodType<SignInChallengeRequest>;

/**
 * A one-time Sign In With Solana request naming this site, for the wallet to sign, that only this
 * browser can answer: a browser without an id gets one here (a valid cookie is never replaced).
 */
export const POST = apiRoute(
  {
    name: 'restore challenge',
    limit: 'restore-challenge',
    sameOrigin: true,
    body: bodySchema,
    browser: 'new',
    unavailable: 'Restoring is unavailable just now; your purchases are safe. Please try again in a moment.',
  },
  async ({ body, browser }) => {
    // The message names the cluster the wallet's purchases were paid on.
    const result = await restoreChallenge(body.wallet, browser);
    return result.ok ? answer(result.challenge satisfies SignInChallenge) : result;
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
