import { z } from 'zod';
import { VIEWING_EVENTS, type ViewingEvent } from '@/lib/analytics/viewing';
import { getTitle } from '@/lib/catalog';
import { titlePathSchema } from '@/lib/catalog/schemas';
import { apiRoute, noContent } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { countOnce } from '@/lib/figures';
import { vouchedAddress } from '@/lib/http/client-budgets';

/** What a page reports: a pay dialog opened, a play started, a play finished (where the player treats it as finished). */
const FIGURES = { dialog: 'dialogs', play: 'plays', complete: 'completions' } as const satisfies Record<ViewingEvent, string>;
const bodySchema = z.object({ path: titlePathSchema, event: z.enum(VIEWING_EVENTS) });

/**
 * POST /api/events: counts a viewing event for the studio, once per browser, title and day (without a cookie, once per
 * address), and at most a few browsers of one address (lib/figures). Keeps no personal data: keyed digests of who and
 * the day mark it, and expire. A path that names no title counts nothing. Answers 204 either way: the page does not wait on it.
 */
export const POST = apiRoute(
  {
    name: 'events',
    limit: 'events',
    sameOrigin: true,
    body: bodySchema,
    browser: 'optional',
    unavailable: 'Not counted just now.',
  },
  async ({ request, body, browser }) => {
    if (await getTitle(body.path)) await countOnce(body.path, FIGURES[body.event], { browser, address: vouchedAddress(request) });
    return noContent();
  },
);

export const { GET, PUT, PATCH, DELETE } = otherMethods('POST');
