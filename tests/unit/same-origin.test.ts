import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readJsonBody, readSameOriginJson } from '@/lib/http/json';
import { crossSiteReason } from '@/lib/http/same-origin';

const post = (headers: Record<string, string>, body = '{"path":"trailers/a"}') =>
  new Request('http://solenema.test/api/checkout', { method: 'POST', body, headers: { host: 'solenema.test', ...headers } });

describe('crossSiteReason', () => {
  it('accepts a request from this site: its Origin, or Sec-Fetch-Site: same-origin', () => {
    expect(crossSiteReason(post({ origin: 'http://solenema.test' }))).toBeNull();
    expect(crossSiteReason(post({ 'sec-fetch-site': 'same-origin' }))).toBeNull();
    expect(crossSiteReason(post({ origin: 'https://solenema.example' }), 'https://solenema.example')).toBeNull();
  });

  it('accepts the host a proxy forwards (Vercel), not only the one it was sent to', () => {
    expect(crossSiteReason(post({ origin: 'https://solenema.app', 'x-forwarded-host': 'solenema.app' }))).toBeNull();
  });

  it('refuses another site, a sandboxed page (Origin: null), and a request that names no origin', () => {
    expect(crossSiteReason(post({ origin: 'https://evil.example' }))).toMatch(/evil\.example/);
    expect(crossSiteReason(post({ origin: 'null' }))).toMatch(/Cross-site/);
    expect(crossSiteReason(post({ origin: 'http://solenema.test.evil.example' }))).toMatch(/Cross-site/);
    expect(crossSiteReason(post({ 'sec-fetch-site': 'cross-site' }))).toMatch(/Cross-site/);
    expect(crossSiteReason(post({ 'sec-fetch-site': 'same-site' }))).toMatch(/Cross-site/);
    expect(crossSiteReason(post({}))).toMatch(/Cross-site/);
  });
});

describe('readSameOriginJson', () => {
  const schema = z.object({ path: z.string() });

  it('refuses a cross-site text/plain form post with 403 and a reason, before reading it', async () => {
    const result = await readSameOriginJson(post({ origin: 'https://evil.example', 'content-type': 'text/plain' }), schema);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.response.status).toBe(403);
    expect(((await result.response.json()) as { error: string }).error).toMatch(/Cross-site request refused/);
  });

  it('refuses a same-origin body that is not sent as JSON with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx']) {
      const result = await readSameOriginJson(post({ origin: 'http://solenema.test', 'content-type': type }), schema);
      expect(!result.ok && result.response.status).toBe(415);
    }
    const missing = await readJsonBody(post({}), schema);
    expect(!missing.ok && missing.response.status).toBe(415);
  });

  it('reads a same-origin JSON body', async () => {
    const result = await readSameOriginJson(post({ origin: 'http://solenema.test', 'content-type': 'application/json; charset=utf-8' }), schema);
    expect(result).toEqual({ ok: true, data: { path: 'trailers/a' } });
  });
});
