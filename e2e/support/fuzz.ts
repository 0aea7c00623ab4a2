import { request as httpRequest } from 'node:http';
import type { APIRequestContext, TestInfo } from '@playwright/test';
import fc from 'fast-check';
import { API_ERROR_STATUS, isApiErrorCode } from '@/lib/errors';
import { content } from './catalog';
import { SITE_URL } from './ports';

/**
 * Shared pieces of the property-based fuzz specs (e2e/fuzz-*.spec.ts): hostile inputs as
 * fast-check arbitraries, the checks every answer must pass, and a tally of what came back.
 * FUZZ_RUNS scales every property (default: the counts written in the specs).
 */
export const runs = (n: number) => Math.max(1, Math.round(n * Number(process.env.FUZZ_RUNS_SCALE ?? 1)));

let clients = 0;
/**
 * A client address of its own for every request: the per-client rate limits must not answer 429
 * before the route has looked at the input.
 */
export const freshClient = () => `fuzz-${process.pid}-${++clients}-${Math.random().toString(36).slice(2, 8)}`;

// ---------------------------------------------------------------------------------------------
// Strings

const KB10 = 10 * 1024;

/** `unit` repeated until its percent-encoded form is about `bytes` long. */
function fitEncoded(unit: string, bytes: number) {
  const encoded = Math.max(1, encodeURIComponent(wellFormed(unit)).length);
  return unit.repeat(Math.max(1, Math.floor(bytes / encoded)));
}

/** Lone surrogates become U+FFFD, as they do on the wire. */
export const wellFormed = (s: string) => Buffer.from(s, 'utf8').toString('utf8');

/** Fragments that have broken servers: bad percent-escapes, traversal, NUL, overlong UTF-8, lone surrogates. */
export const nastyFragments = [
  '%',
  '%%',
  '%E0%A4%A',
  '%ZZ',
  '%00',
  '%0A',
  '%0d%0a',
  '..%2f',
  '..%2F..%2F',
  '%2e%2e',
  '%2e%2e%2f',
  '..',
  '.',
  '%25',
  '%2525',
  '%C0%AF',
  '%ED%A0%80',
  '%F0%9F%92%A5',
  '%FF%FE',
  '\\',
  '..\\..\\',
  '%5C',
  ';',
  ',',
  '~',
  '@',
  '$',
  '{',
  '}',
  '[',
  ']',
  '"',
  "'",
  '<script>',
  '\u0000',
  '\u202e',
  '\ufeff',
  '💥',
  '日本語',
  'שלום',
  'é',
  'e\u0301',
  '\ud800',
  '__proto__',
  'constructor',
  'null',
  'NaN',
  '-0',
  ' ',
];

/** A string of any shape: unicode, nasty fragments, very long. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.oneof(fc.constantFrom(...nastyFragments), fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join('')),
  },
  { weight: 1, arbitrary: fc.constantFrom('a', 'x').map((char) => char.repeat(KB10)) },
  // Unicode, as long as fits 10 KB once percent-encoded on the wire (Node refuses request lines over 16 KB).
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 8 }).map((unit) => fitEncoded(unit, KB10)) },
);

/** A URL path segment as a client might send it: raw, already percent-encoded, or broken. */
export const rawSegment: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 3, arbitrary: hostileString.map((s) => s.replace(/[/?#]/g, '')) },
    { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(wellFormed(s))) },
    {
      weight: 2,
      arbitrary: fc.array(fc.constantFrom(...nastyFragments.filter((f) => !/[/?#]/.test(f))), { minLength: 1, maxLength: 4 }).map((parts) => parts.join('')),
    },
    { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{1,40}$/) },
  )
  .filter((segment) => segment.length > 0);

// ---------------------------------------------------------------------------------------------
// JSON bodies

const hugeNumberText = fc.constantFrom(
  '1e308',
  '-1e308',
  '1e999',
  '-0',
  '0.0000000000000000000000001e-400',
  '18446744073709551616',
  '-9223372036854775809',
  '123456789012345678901234567890',
);

/** A JSON value of any type, as text. */
const anyJsonText = fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value));

/** JSON text for one field's value: the wrong type, a hostile string, or a huge number. */
export const fieldValueText: fc.Arbitrary<string> = fc.oneof(
  anyJsonText,
  hostileString.map((s) => JSON.stringify(s)),
  hugeNumberText,
  fc.constantFrom('null', 'true', '[]', '{}', '[[[[[]]]]]', '{"nested":{"deeper":{"deepest":[1,2,3]}}}'),
);

/** A body shaped like `{field: …}` for the route's own fields, with duplicates and strangers, as raw text. */
export function objectBody(fields: readonly string[], valid: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string> {
  const key = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...fields) }, { weight: 1, arbitrary: hostileString });
  const value = (name: string) =>
    Object.hasOwn(valid, name)
      ? fc.oneof(
          valid[name]!.map((v) => JSON.stringify(v)),
          fieldValueText,
        )
      : fieldValueText;
  const pair = key.chain((name) => value(name).map((text) => `${JSON.stringify(name)}:${text}`));
  return fc.array(pair, { maxLength: 6 }).map((pairs) => `{${pairs.join(',')}}`);
}

/** Any body at all: JSON of every type, an object shaped for the route, duplicate keys, not-JSON, empty, binary. */
export function hostileBody(fields: readonly string[], valid: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string | Buffer> {
  return fc.oneof(
    { weight: 6, arbitrary: objectBody(fields, valid) },
    { weight: 2, arbitrary: anyJsonText },
    { weight: 1, arbitrary: hugeNumberText },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', '{', '[', '{"', 'nul', "{'path':'x'}", '{"a":1,}', '\ufeff{}', '['.repeat(5000) + ']'.repeat(5000)) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constantFrom(70, 200).map((kb) => `{"${fields[0]}":"${'a'.repeat(kb * 1024)}"}`) },
  );
}

export const contentType = fc.constantFrom(
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----x',
  'application/octet-stream',
  'garbage/;;;',
  '',
);

/** A base58 string of a plausible length (a signature or a wallet address that is not one). */
export const base58ish = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'), minLength: min, maxLength: max });

// ---------------------------------------------------------------------------------------------
// The catalog

const lockedMovie = [
  ...content.trailers.map(([id, m]) => ({ path: `trailers/${id}`, ...m })),
  ...content.documentaries.map(([id, m]) => ({ path: `documentaries/${id}`, ...m })),
].find((m) => m.locked);
export const LOCKED_PATH = lockedMovie?.path ?? `series/${content.series.find(([, s]) => s.locked)![0]}`;
export const SERIES_ID = content.series[0]![0];
export const SEASON_ID = Object.keys(content.series[0]![1].seasons)[0]!;
export const SHORT_FILM_ID = content.shortFilms[0]![0];
export const TRAILER_ID = content.trailers[0]![0];

// ---------------------------------------------------------------------------------------------
// Checks and the tally

/** Status counts per route, printed at the end of a spec and attached to its report. */
export class Tally {
  private readonly counts = new Map<string, Map<number, number>>();

  add(route: string, status: number) {
    const byStatus = this.counts.get(route) ?? new Map<number, number>();
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    this.counts.set(route, byStatus);
  }

  lines(): string[] {
    return [...this.counts].map(([route, byStatus]) => {
      const total = [...byStatus.values()].reduce((a, b) => a + b, 0);
      const histogram = [...byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, n]) => `${status}×${n}`)
        .join(' ');
      return `${route}: ${total} requests — ${histogram}`;
    });
  }

  report(testInfo: TestInfo) {
    const lines = this.lines();
    for (const line of lines) testInfo.annotations.push({ type: 'fuzz', description: line });
    console.log(`[fuzz] ${testInfo.title}\n${lines.map((line) => `  ${line}`).join('\n')}`);
  }
}

export interface Described {
  /** How to repeat the request, for the failure message. */
  request: string;
}

/** Every answer: no 5xx. An API refusal: JSON with a non-empty `error` and a `code` the browser decides by; a 429 also says when to retry. */
export async function checkApiAnswer(response: Answer, what: Described): Promise<string | null> {
  const status = response.status();
  if (status >= 500) return `${status} for ${what.request}: ${(await response.text()).slice(0, 300)}`;
  if (status >= 400) {
    const type = response.headers()['content-type'] ?? '';
    if (!type.startsWith('application/json')) return `${status} without JSON (${type}) for ${what.request}`;
    const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
    if (typeof body?.error !== 'string' || body.error.trim() === '') return `${status} without an error reason for ${what.request}: ${JSON.stringify(body)}`;
    if (!isApiErrorCode(body.code) || API_ERROR_STATUS[body.code] !== status)
      return `${status} without its error code for ${what.request}: ${JSON.stringify(body)}`;
    if (status === 429 && !response.headers()['retry-after']) return `429 without Retry-After for ${what.request}`;
  }
  return null;
}

export const NOT_FOUND_HEADING = /<h1[^>]*>Page not found<\/h1>/;

/**
 * A page that names nothing: status 404, noindex, and the site's own not-found page in its HTML,
 * whether the proxy answered (an id that cannot exist) or the page did (a well-formed id the catalog lacks).
 */
export async function checkNotFoundPage(response: Answer, what: Described): Promise<string | null> {
  const status = response.status();
  if (status !== 404) return `${status} (expected 404) for ${what.request}: ${(await response.text()).slice(0, 200)}`;
  const html = await response.text();
  if (!NOT_FOUND_HEADING.test(html)) return `404 without the not-found page rendered in its HTML for ${what.request}`;
  return html.includes('<meta name="robots" content="noindex"/>') ? null : `404 without noindex for ${what.request}`;
}

/**
 * Node refuses a request line and headers over 16 KB itself (431, empty body, or a closed
 * connection while the client still writes), before the site sees it: generated URLs stay under
 * it (`fitsNode`), and one test checks the refusal itself.
 */
export const NODE_HEADER_LIMIT = 16 * 1024;
export const fitsNode = (url: string) => new URL(url, 'http://h').href.length < NODE_HEADER_LIMIT - 2048;
export const overNodeLimit = (status: number, url: string, headers: Record<string, string> = {}) =>
  status === 431 && new URL(url, 'http://h').href.length + Object.values(headers).join('').length > NODE_HEADER_LIMIT - 1024;

/** A short, repeatable description of a request for failure messages. */
export function describeRequest(method: string, url: string, options: { headers?: Record<string, string>; body?: string | Buffer } = {}) {
  const clip = (s: string) => (s.length > 300 ? `${s.slice(0, 300)}…(${s.length} chars)` : s);
  const headers = Object.entries(options.headers ?? {})
    .filter(([name]) => name !== 'x-forwarded-for')
    .map(([name, value]) => `-H ${JSON.stringify(`${name}: ${clip(value)}`)}`)
    .join(' ');
  const shown = Buffer.isBuffer(options.body) ? `<${options.body.length} bytes: ${options.body.toString('hex').slice(0, 80)}>` : options.body;
  const body = shown === undefined ? '' : ` --data ${JSON.stringify(clip(shown))}`;
  return `${method} ${clip(url)} ${headers}${body}`.trim();
}

// ---------------------------------------------------------------------------------------------
// Running a property

/** What the checks read of an answer: Playwright's APIResponse, or the same read from node:http. */
export interface Answer {
  status(): number;
  headers(): Record<string, string>;
  body(): Promise<Buffer>;
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export interface Sent {
  response: Answer;
  request: string;
}

/** One request, from a client address of its own, redirects not followed. */
export async function send(
  request: APIRequestContext,
  method: string,
  url: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<Sent> {
  const headers = { 'x-forwarded-for': freshClient(), ...options.headers };
  const described = describeRequest(method, url, options);
  try {
    const response = await request.fetch(url, { method, headers, data: options.body, maxRedirects: 0, failOnStatusCode: false, timeout: 20_000 });
    return { response, request: described };
  } catch (error) {
    // Playwright's client reads at most 16 KB of response headers; a redirect of a 10 KB URL
    // (Location and Refresh both carry it) is larger. Read that answer with a larger limit.
    if (!/Header overflow/i.test(String(error))) throw error;
    return { response: await sendRaw(method, url, headers, options.body), request: described };
  }
}

async function sendRaw(method: string, url: string, headers: Record<string, string>, body?: string | Buffer): Promise<Answer> {
  const target = new URL(url, SITE_URL);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(target, { method, headers, maxHeaderSize: 256 * 1024 }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () => {
        const bytes = Buffer.concat(chunks);
        const text = bytes.toString('utf8');
        const flat = Object.fromEntries(
          Object.entries(incoming.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value ?? '')]),
        );
        resolve({
          status: () => incoming.statusCode ?? 0,
          headers: () => flat,
          body: async () => bytes,
          text: async () => text,
          json: async () => JSON.parse(text) as unknown,
        });
      });
      incoming.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/**
 * Runs `check` on `numRuns` generated values and collects every problem it reports, rather than
 * stopping at the first: the report then lists each failing request exactly, for its route's owner.
 * FUZZ_SEED repeats a run.
 */
export async function fuzz<T>(arbitrary: fc.Arbitrary<T>, numRuns: number, check: (value: T) => Promise<string | null>) {
  const seed = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
  const problems: string[] = [];
  await fc.assert(
    fc.asyncProperty(arbitrary, async (value) => {
      const problem = await check(value);
      if (problem) problems.push(problem);
    }),
    { numRuns, seed },
  );
  return { problems: problems.slice(0, 25), failed: problems.length, seed };
}
