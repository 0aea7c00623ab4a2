import { apiRoute, answer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { EntitlementsAnswer } from '@/lib/payments/contract';
import { ownedPaths } from '@/lib/payments/ownership';

/** What this browser owns: the paths, no links (a video's link is asked for when it plays, at /api/playback). */
export const GET = apiRoute(
  {
    name: 'entitlements',
    limit: 'entitlements',
    browser: 'optional',
    unavailable: 'Your purchases could not be loaded just now; they are safe. Please reload in a moment.',
  },
  async ({ browser }) => answer({ paths: await ownedPaths(browser) } satisfies EntitlementsAnswer, 'private, no-store'),
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
