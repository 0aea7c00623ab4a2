import { describe, expect, it } from 'vitest';
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
