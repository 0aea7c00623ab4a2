import { apiRoute, answer, ownerAnswer } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { EntitlementsAnswer } from '@/lib/payments/contract';
import { entitlementsOf } from '@/lib/payments/ownership/ownership';

/** What this browser owns and rents: the paths, no links (a video's link is asked for when it plays, at /api/playback). */
export const GET = apiRoute(
  {
    name: 'entitlements',
    limit: 'entitlements',
    browser: 'optional',
    unavailable: 'Your purchases could not be loaded just now; they are safe. Please reload in a moment.',
  },
  async ({ request, visitor, browser }) => {
    const owned = (await entitlementsOf(visitor)) satisfies EntitlementsAnswer;
    // A browser known only by the readable hint (from before the proof, or a rotated key) is proven from now on.
    const holds = owned.paths.length + owned.rentals.length > 0;
    return browser && visitor.owns === 'hinted' && holds ? ownerAnswer(request, browser, owned, 'private, no-store') : answer(owned, 'private, no-store');
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
