import { isOwnSchedule, mayRunSync, runCatalogSync } from '@/lib/catalog/sync/service';
import { refuse } from '@/lib/errors';
import { answer, apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';

export const dynamic = 'force-dynamic';
/** A scan of a large catalog takes a while; within what every Vercel plan allows a function. */
export const maxDuration = 60;

/**
 * Brings the operator's Firestore edits into lists, search, sitemaps and pages (see lib/catalog/sync/service.ts):
 * Vercel's Cron Job calls it with `Authorization: Bearer $CRON_SECRET`; on `next start` the server calls it itself
 * (instrumentation.ts), for the listeners' edits.
 */
export const GET = apiRoute(
  {
    name: 'catalog sync',
    limit: 'revalidate',
    browser: 'none',
    // A wrong bearer costs no budget, so no one can keep the sync from running.
    // The server's own schedule calls it after every burst of edits: charged to a client budget (shared by every
    // caller without a trusted address), a busy minute of editing got 429s and held the operator's edits back.
    unmetered: isOwnSchedule,
    precheck: ({ request }) => (mayRunSync(request) ? null : refuse('unauthenticated', 'Missing or wrong bearer token (Vercel sends CRON_SECRET).')),
    unavailable: 'The catalog sync could not finish (Firestore unreachable?); it is tried again on the next run.',
  },
  async () => {
    const report = await runCatalogSync();
    if (!report) return answer({ synced: false, reason: 'nothing to sync yet (embedded catalog, or the watch is taking its first look)' });
    if (report.indexed.length > 0 || report.removedEntries > 0) {
      console.log(`[catalog sync] ${report.mode}: indexed ${report.indexed.length} titles, removed ${report.removedEntries} entries, ${report.reads} reads`);
    }
    return answer({ synced: true, ...report });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET');
