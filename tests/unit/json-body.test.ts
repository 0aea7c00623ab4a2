import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MAX_JSON_BODY_BYTES, readJsonBody } from '@/lib/http/json';

const schema = z.object({ path: z.string() });
const JSON_TYPE = { 'content-type': 'application/json' };
const post = (body: BodyInit | null, headers: Record<string, string> = JSON_TYPE) =>
  new Request('http://localhost/api/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit);

/** A body that arrives in pieces, with no Content-Length. */
function streamed(pieces: Uint8Array[], failAtEnd = false) {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      if (failAtEnd) controller.error(new Error('client went away'));
      else controller.close();
    },
  });
}

async function refusal(request: Request, optional = false) {
  const result = await readJsonBody(request, schema, { optional });
  if (result.ok) throw new Error('expected a refusal');
  return { code: result.code, error: result.reason };
}

describe('readJsonBody', () => {
  it('reads a valid body', async () => {
    expect(await readJsonBody(post('{"path":"series/abc"}'), schema)).toEqual({ ok: true, data: { path: 'series/abc' } });
  });

  it('refuses a body declared larger than the cap without reading it', async () => {
    const request = post(streamed([]), { 'content-length': String(MAX_JSON_BODY_BYTES + 1) });
    expect(await refusal(request)).toEqual({ code: 'body_too_large', error: expect.stringMatching(/too large/) });
  });

  it('stops reading a streamed body once it passes the cap', async () => {
    const piece = new Uint8Array(16 * 1024).fill(0x20);
    expect(await refusal(post(streamed(Array.from({ length: 10 }, () => piece))))).toMatchObject({ code: 'body_too_large' });
  });

  it('answers 400 when the body cannot be read', async () => {
    expect(await refusal(post(streamed([new TextEncoder().encode('{"pa')], true)))).toEqual({
      code: 'invalid_request',
      error: 'Request body could not be read.',
    });
  });

  it.each([
    ['', 'Request body must be JSON.'],
    ['{"path":"a","path":1}', 'Invalid request body: path: Invalid input: expected string, received number'],
    ['1e999', expect.stringMatching(/^Invalid request body: body:/)],
    [new Uint8Array([0xff, 0xfe, 0x7b]), 'Request body must be JSON.'],
  ])('refuses %j with a reason', async (body, error) => {
    expect(await refusal(post(body))).toEqual({ code: 'invalid_request', error });
  });

  it('an empty optional body is an empty object', async () => {
    const result = await readJsonBody(post(''), z.object({ paths: z.array(z.string()).optional() }), { optional: true });
    expect(result).toEqual({ ok: true, data: {} });
  });

  it('keeps the reason short when every item of a long list is wrong', async () => {
    const list = z.object({ paths: z.array(z.string()) });
    const result = await readJsonBody(post(JSON.stringify({ paths: Array.from({ length: 100 }, (_, i) => i) })), list);
    if (result.ok) throw new Error('expected a refusal');
    expect(result.reason.length).toBeLessThanOrEqual(600);
  });
});
