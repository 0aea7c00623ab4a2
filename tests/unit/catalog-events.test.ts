import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_DOCUMENT_PATTERNS, forwardChange } from '@/functions/src/forward';

const SECRET = vi.hoisted(() => (process.env.CATALOG_EVENTS_SECRET = 'unit-test-events-secret-0123456789'));
const NO_PARAMS = { params: Promise.resolve({}) };
const post = (body: string, bearer = SECRET) =>
  new Request('http://localhost:3000/api/catalog/changes', {
    method: 'POST',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body,
  });

describe('POST /api/catalog/changes (the Firestore trigger)', () => {
  it('takes the documents an edit wrote from the trigger only, with a reason for every refusal', async () => {
    const { POST } = await import('@/app/api/catalog/changes/route');
    expect((await POST(post('{"documents":["series/abc"]}', 'wrong-secret-0123456789'), NO_PARAMS)).status).toBe(401);
    for (const body of [
      '{"documents":',
      '{}',
      '{"documents":[]}',
      '{"documents":["../etc/passwd"]}',
      `{"documents":${JSON.stringify(Array(501).fill('series/a'))}}`,
    ]) {
      const refused = await POST(post(body), NO_PARAMS);
      expect(refused.status, body.slice(0, 40)).toBe(400);
      expect((await refused.json()).error, body.slice(0, 40)).toBeTruthy();
    }
    // The embedded catalog has nothing to index: taken, and nothing expires.
    const taken = await POST(post('{"documents":["series/abc/seasons/s1/episodes/e2"]}'), NO_PARAMS);
    expect(taken.status).toBe(200);
    expect(await taken.json()).toEqual({ indexed: [], tags: [] });
  });

  it('on a site without CATALOG_EVENTS_SECRET, a 404 that says what to set', async () => {
    vi.resetModules();
    delete process.env.CATALOG_EVENTS_SECRET;
    const { POST } = await import('@/app/api/catalog/changes/route');
    const response = await POST(post('{"documents":["series/abc"]}'), NO_PARAMS);
    expect(response.status).toBe(404);
    expect((await response.json()).error).toMatch(/CATALOG_EVENTS_SECRET/);
  });
});

describe('the trigger (functions/)', () => {
  it('listens to every shape of catalog document the kinds have, and to nothing of the site’s own', () => {
    expect(CATALOG_DOCUMENT_PATTERNS).toEqual([
      'series/{title}',
      'series/{title}/seasons/{seasons0}',
      'series/{title}/seasons/{seasons0}/episodes/{episodes1}',
      'shortFilms/{title}',
      'shortFilms/{title}/episodes/{episodes0}',
      'trailers/{title}',
      'documentaries/{title}',
    ]);
  });

  let site: Server;
  let origin: string;
  const answers: number[] = [];
  const received: unknown[] = [];
  beforeAll(async () => {
    site = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ authorization: request.headers.authorization, path: request.url, body: JSON.parse(body) });
        response.writeHead(answers.shift() ?? 200, { 'content-type': 'application/json' }).end('{"error":"why"}');
      });
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => site.close());

  it('hands the site the written document with the secret; a failure the site may recover from is thrown, so the event is retried', async () => {
    expect(await forwardChange(origin, 's3cret', 'series/abc/seasons/s1')).toBeNull();
    expect(received.at(-1)).toEqual({ authorization: 'Bearer s3cret', path: '/api/catalog/changes', body: { documents: ['series/abc/seasons/s1'] } });
    answers.push(503);
    await expect(forwardChange(origin, 's3cret', 'series/abc')).rejects.toThrow(/503/);
    answers.push(429);
    await expect(forwardChange(origin, 's3cret', 'series/abc')).rejects.toThrow(/429/);
    // A refusal a retry cannot mend (a wrong secret) is told, not retried for a week.
    answers.push(401);
    expect(await forwardChange(origin, 's3cret', 'series/abc')).toMatch(/^401/);
  });
});
