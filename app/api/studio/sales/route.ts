import { refuse } from '@/lib/errors';
import { apiRoute } from '@/lib/api/route';
import { otherMethods } from '@/lib/api/methods';
import { studioOnly } from '@/lib/api/studio';
import { rangeOf } from '@/lib/studio/range';
import { everySale } from '@/lib/studio/report';
import { CSV_BOM, CSV_HEADER, csvLine, saleLine } from '@/lib/studio/sales-csv';

const rangeAsked = (request: Request) => {
  const query = new URL(request.url).searchParams;
  return rangeOf(query.get('from'), query.get('to'));
};

/**
 * GET /api/studio/sales?from=YYYY-MM-DD&to=YYYY-MM-DD: every sale of the range as CSV, one line per sale, newest
 * first, read from the ledger a page at a time as it is sent. Studio sessions only; never cached, never indexed.
 */
export const GET = apiRoute(
  {
    name: 'studio sales export',
    limit: 'studio',
    browser: 'optional',
    precheck: (input) => {
      const range = rangeAsked(input.request);
      return studioOnly(input) ?? (range.ok ? null : refuse('invalid_request', range.reason));
    },
    unavailable: 'The sales could not be exported just now. Please try again in a moment.',
  },
  async ({ request }) => {
    const { range } = rangeAsked(request) as Extract<ReturnType<typeof rangeAsked>, { ok: true }>;
    const encoder = new TextEncoder();
    const pages = everySale(range);
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => controller.enqueue(encoder.encode(CSV_BOM + csvLine(CSV_HEADER))),
      async pull(controller) {
        try {
          const page = await pages.next();
          if (page.done) controller.close();
          else controller.enqueue(encoder.encode(page.value.map(saleLine).join('')));
        } catch (error) {
          // A file cut short must not look whole: the download fails and says so in the log.
          console.error('[studio sales export]', error);
          controller.error(error);
        }
      },
    });
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="solenema-sales-${range.from}-to-${range.to}.csv"`,
        'Cache-Control': 'no-store',
        'X-Robots-Tag': 'noindex',
      },
    });
  },
);

export const { POST, PUT, PATCH, DELETE } = otherMethods('GET', 'HEAD');
