import fc from 'fast-check';
import { LOCKED_PATH, SERIES_ID, Tally, base58ish, checkApiAnswer, fuzz, runs, send } from './support/fuzz';
import { cookieHeader } from './support/fuzz-cookies';
import { SAME_ORIGIN } from './support/ports';
import { expect, test } from './support/offline';

/**
 * Property-based fuzz of the site's cookies (issue 10, "Proof"): solenema_browser altered,
 * truncated, signed for another purpose or with the wrong payload, 8 KB; solenema_owns as any
 * value; the legacy solenema_entitlements signed with odd contents; strangers and duplicates.
 * No answer is a 5xx, API refusals carry a JSON reason, and pages still render.
 */
test.describe.configure({ mode: 'parallel' });
test.setTimeout(120_000);

type Target = { name: string; method: string; url: string; body?: () => string; page?: boolean };

const targets: Target[] = [
  { name: 'GET /api/entitlements', method: 'GET', url: '/api/entitlements' },
  { name: 'POST /api/checkout', method: 'POST', url: '/api/checkout', body: () => JSON.stringify({ path: LOCKED_PATH }) },
  {
    name: 'POST /api/payments/verify',
    method: 'POST',
    url: '/api/payments/verify',
    body: () => JSON.stringify({ checkout: 'eyJ4IjoxfQ.AAAA', signature: fc.sample(base58ish(87, 88), 1)[0] }),
  },
  { name: 'GET /api/media/<token>/<file>', method: 'GET', url: '/api/media/eyJ4IjoxfQ.AAAA/clip.mp4' },
  { name: `GET /series/${SERIES_ID}`, method: 'GET', url: `/series/${SERIES_ID}`, page: true },
];

test('malformed cookies on the API and a page: no 5xx, refusals with a reason, the page still renders', async ({ request }, testInfo) => {
  test.setTimeout(150_000);
  const tally = new Tally();
  const result = await fuzz(fc.tuple(cookieHeader, fc.constantFrom(...targets)), runs(300), async ([cookie, target]) => {
    const headers: Record<string, string> = { cookie };
    if (target.body) Object.assign(headers, SAME_ORIGIN, { 'content-type': 'application/json' });
    const sent = await send(request, target.method, target.url, { headers, body: target.body?.() });
    const status = sent.response.status();
    tally.add(target.name, status);
    if (target.page) return status === 200 ? null : `${status} (expected the page) for ${sent.request}`;
    return checkApiAnswer(sent.response, sent);
  });
  tally.report(testInfo);
  expect(result.problems, `seed ${result.seed}: ${result.failed} failing requests`).toEqual([]);
});
