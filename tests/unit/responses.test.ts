import { describe, expect, it } from 'vitest';
import { refusalResponse, replyResponse } from '@/lib/api/responses';
import { refuse } from '@/lib/errors';

describe('replyResponse: the edge where a domain result becomes HTTP', () => {
  it('sends a redirect as a 302 to its URL with its own headers', () => {
    const url = 'https://storage.googleapis.com/bucket/film.mp4?X-Goog-Signature=abc';
    const response = replyResponse({ ok: true, kind: 'redirect', url, headers: { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' } });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(url);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends a body with its kind’s status and headers, bytes as they are', async () => {
    const key = new Uint8Array([1, 2, 3, 250]);
    const content = replyResponse({ ok: true, kind: 'content', headers: { 'Content-Type': 'application/octet-stream' }, body: key });
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await content.arrayBuffer())).toEqual(key);
    expect(replyResponse({ ok: true, kind: 'partial', headers: {}, body: 'part' }).status).toBe(206);
    const unchanged = replyResponse({ ok: true, kind: 'not-modified', headers: { ETag: '"a"' }, body: null });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('etag')).toBe('"a"');
  });

  it('sends a refusal as `{ error, code }` with its code’s status, never cached, its own headers winning', async () => {
    const plain = replyResponse(refuse('not_found', 'No such video.'));
    expect(plain.status).toBe(404);
    expect(plain.headers.get('cache-control')).toBe('no-store');
    expect(await plain.json()).toEqual({ error: 'No such video.', code: 'not_found' });
    const range = replyResponse({
      ...refuse('range_not_satisfiable', 'Too far.'),
      headers: { 'Cache-Control': 'private, no-store', 'Content-Range': 'bytes */10' },
    });
    expect(range.status).toBe(416);
    expect(range.headers.get('cache-control')).toBe('private, no-store');
    expect(range.headers.get('content-range')).toBe('bytes */10');
    expect(await range.json()).toEqual({ error: 'Too far.', code: 'range_not_satisfiable' });
  });

  it('says when to retry a wait, in whole seconds', () => {
    expect(replyResponse(refuse('rate_limited', 'Wait.', 1_200)).headers.get('retry-after')).toBe('2');
    expect(refusalResponse({ code: 'rate_limited', reason: 'Wait.', retryAfterMs: 10 }).headers.get('retry-after')).toBe('1');
  });
});
