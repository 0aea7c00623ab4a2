import { apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { servePlaybackLink } from '@/lib/payments/playback/media-route';
import { playbackLinkCheck } from '@/lib/payments/playback/playback-link';
import type { CheckedLink } from '@/lib/payments/playback/playback';

/** A private video for the browser its link was made for, while it owns the title: ranges for seeking. */
export const GET = apiRoute<{ token: string; file: string }, 'optional', undefined, CheckedLink>(
  {
    name: 'media',
    limit: 'media',
    browser: 'optional',
    // A link that is altered, expired or another browser's costs no budget: junk cannot spend a buyer's.
    precheck: ({ params, visitor }) => playbackLinkCheck(params.token, visitor.browser),
    unavailable: 'Playback is unavailable just now. Please try again in a moment.',
  },
  async ({ request, params, visitor, vouched }) => servePlaybackLink(request, visitor, vouched!, params.file),
);

export const HEAD = GET;

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
