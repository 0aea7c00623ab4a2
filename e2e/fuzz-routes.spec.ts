import fc from 'fast-check';
import {
  SERIES_ID,
  SEASON_ID,
  Tally,
  checkApiAnswer,
  checkNotFoundPage,
  fitsNode,
  fuzz,
  nastyFragments,
  overNodeLimit,
  rawSegment,
  runs,
  send,
  type Sent,
} from './support/fuzz';
import { SITE_URL } from './support/ports';
import { expect, test } from './support/offline';

/**
 * Property-based fuzz of every dynamic route segment (issue 10, "Proof"): whatever a client puts in
 * a segment (raw, percent-encoded or broken encoding), a page that names nothing is the site's own
 * 404 page with status 404, an API answer is a 4xx with a JSON reason, and nothing is a 5xx.
 * Segments go through the client's URL parser as a browser's would (`..` and `%2e%2e` are resolved
 * before sending; `%` is sent as is).
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(120_000);

interface Route {
  name: string;
  /** The URL for generated segments. */
  url: (a: string, b: string) => string;
  /** Whether a path (as sent, after the client's normalisation) still lands on this dynamic route. */
  lands: RegExp;
  api?: boolean;
}

const routes: Route[] = [
  { name: '/series/[seriesId]', url: (a) => `/series/${a}`, lands: /^\/series\/[^/]+$/ },
  { name: '/series/[seriesId]/season/[seasonId]', url: (a, b) => `/series/${SERIES_ID}/season/${b}`, lands: /^\/series\/[^/]+\/season\/[^/]+$/ },
  { name: '/series/[seriesId]/season/[seasonId] (series)', url: (a) => `/series/${a}/season/${SEASON_ID}`, lands: /^\/series\/[^/]+\/season\/[^/]+$/ },
  { name: '/short-films/[shortFilmsId]', url: (a) => `/short-films/${a}`, lands: /^\/short-films\/[^/]+$/ },
  { name: '/watch/[collection]/[id]', url: (a, b) => `/watch/${a}/${b}`, lands: /^\/watch\/[^/]+\/[^/]+$/ },
  { name: '/watch/trailers/[id]', url: (a) => `/watch/trailers/${a}`, lands: /^\/watch\/[^/]+\/[^/]+$/ },
  { name: '/api/media/[token]/[file]', url: (a, b) => `/api/media/${a}/${b}`, lands: /^\/api\/media\/[^/]+\/[^/]+$/, api: true },
];

/** The checks for one request: a 404 page (or JSON refusal) where the URL still lands on the route, no 5xx anywhere. */
async function check(route: Route, url: string, sent: Sent): Promise<string | null> {
  const status = sent.response.status();
  if (status >= 500) return `${status} for ${sent.request}`;
  if (overNodeLimit(status, url)) return null;
  const pathname = new URL(url, SITE_URL).pathname;
  if (!route.lands.test(pathname)) return null; // the client resolved it elsewhere (e.g. `..`): any non-5xx is fine
  if (route.api) return status >= 400 ? checkApiAnswer(sent.response, sent) : `${status} (expected a refusal) for ${sent.request}`;
  return checkNotFoundPage(sent.response, sent);
}

for (const route of routes) {
  test(`${route.name}: any segment is a 404 with the site's not-found page (or a JSON refusal), never a 5xx`, async ({ request }, testInfo) => {
    const tally = new Tally();
    const segments = fc.tuple(rawSegment, rawSegment).filter(([a, b]) => fitsNode(route.url(a, b)));
    const result = await fuzz(segments, runs(route.api ? 100 : 80), async ([a, b]) => {
      const url = route.url(a, b);
      const sent = await send(request, 'GET', url);
      tally.add(`GET ${route.name}`, sent.response.status());
      return check(route, url, sent);
    });
    tally.report(testInfo);
    expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
  });
}

test('the segments a new user tried: %, %E0%A4%A, %00, ..%2f, 10 KB, unicode — on every dynamic route', async ({ request }, testInfo) => {
  const tally = new Tally();
  const segments = [
    '%',
    '%E0%A4%A',
    '%ZZ',
    '%00',
    '..%2f',
    '..%2F..%2Fetc%2Fpasswd',
    '%25',
    '%C0%AF',
    '%ED%A0%80',
    'a'.repeat(10 * 1024),
    '💥',
    encodeURIComponent('日本語💥'),
    ...nastyFragments.slice(0, 12),
  ];
  const problems: string[] = [];
  for (const route of routes) {
    for (const segment of segments) {
      // One hostile segment at a time, the other one well-formed: 10 KB stays under Node's 16 KB request-line limit.
      for (const url of new Set([route.url(segment, 'x'), route.url('x', segment)])) {
        const sent = await send(request, 'GET', url);
        tally.add(`GET ${route.name}`, sent.response.status());
        const problem = await check(route, url, sent);
        if (problem) problems.push(problem);
      }
    }
  }
  tally.report(testInfo);
  expect(problems).toEqual([]);
});

test("a request line over Node's 16 KB limit is refused by Node itself, before the site", async ({ request }) => {
  const url = `/series/${'a'.repeat(17 * 1024)}`;
  const status = await request
    .get(url, { maxRedirects: 0, failOnStatusCode: false })
    .then((response) => response.status())
    .catch(() => 'connection closed');
  expect([431, 'connection closed']).toContain(status);
});
