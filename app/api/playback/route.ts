import { titlePathSchema } from '@/lib/catalog/schemas';
import { refuse } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import type { PlaybackLinkAnswer } from '@/lib/payments/contract';
import { playbackLinkFor, renewIn } from '@/lib/payments/playback/playback-link';

const videoAsked = (request: Request) => titlePathSchema.safeParse(new URL(request.url).searchParams.get('video') ?? '');

/**
 * GET /api/playback?video=<path of a movie or an episode>: a fresh link this browser plays one video it
 * owns with, and when to ask again. 400 for a malformed path, 403 when not owned, 404 when not there.
 */
export const GET = apiRoute(
  {
    name: 'playback',
    limit: 'playback',
    browser: 'optional',
    precheck: ({ request }) =>
      videoAsked(request).success ? null : refuse('invalid_request', 'Ask for ?video=<path of a movie or an episode>, such as trailers/abc.'),
    unavailable: 'Playback is unavailable just now; your purchases are safe. Please try again in a moment.',
  },
  async ({ request, visitor }) => {
    // The precheck refused any other query.
    const link = await playbackLinkFor(visitor, videoAsked(request).data!);
    if (!link.ok) return link;
    return answer({ url: link.url, renewIn, start: link.start } satisfies PlaybackLinkAnswer, 'private, no-store');
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
