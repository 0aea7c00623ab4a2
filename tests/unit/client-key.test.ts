import { describe, expect, it } from 'vitest';
import { UNTRUSTED_CLIENT, clientKeyOf, type ProxyTrust } from '@/lib/http/client-key';

const request = (headers: Record<string, string>) => new Request('http://site.test/api/checkout', { headers });
const direct: ProxyTrust = { hops: 0, vercel: false };
const behind = (hops: number): ProxyTrust => ({ hops, vercel: false });

describe('clientKeyOf', () => {
  it('with no trusted proxy (TRUSTED_PROXY_HOPS=0, the default), trusts nothing the client sends: all share one key', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), direct)).toBe(UNTRUSTED_CLIENT);
    expect(clientKeyOf(request({ 'x-forwarded-for': '1.2.3.4, 5.6.7.8' }), direct)).toBe(UNTRUSTED_CLIENT);
    expect(clientKeyOf(request({ 'x-real-ip': '203.0.113.9', 'x-vercel-forwarded-for': '203.0.113.9' }), direct)).toBe(UNTRUSTED_CLIENT);
    expect(clientKeyOf(request({}), direct)).toBe(UNTRUSTED_CLIENT);
  });

  it('behind one proxy, takes the right-most X-Forwarded-For entry: what the proxy saw, whatever the client wrote before it', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), behind(1))).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-forwarded-for': 'spoofed, 198.51.100.7' }), behind(1))).toBe('198.51.100.7');
    expect(clientKeyOf(request({ 'x-forwarded-for': ' 1.2.3.4 ,  2001:db8::1 ' }), behind(1))).toBe('2001:db8::1');
  });

  it('behind N proxies, takes the N-th entry from the right, or the left-most when fewer were written', () => {
    const chain = { 'x-forwarded-for': 'spoofed, 203.0.113.9, 10.0.0.2' };
    expect(clientKeyOf(request(chain), behind(2))).toBe('203.0.113.9');
    expect(clientKeyOf(request(chain), behind(3))).toBe('spoofed');
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), behind(3))).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-forwarded-for': ' , ' }), behind(1))).toBe(UNTRUSTED_CLIENT);
    expect(clientKeyOf(request({}), behind(2))).toBe(UNTRUSTED_CLIENT);
  });

  it("on Vercel, takes the address Vercel's edge sets (x-vercel-forwarded-for, then x-real-ip), not X-Forwarded-For", () => {
    const vercel: ProxyTrust = { hops: 0, vercel: true };
    expect(clientKeyOf(request({ 'x-vercel-forwarded-for': '203.0.113.9', 'x-forwarded-for': 'spoofed' }), vercel)).toBe('203.0.113.9');
    expect(clientKeyOf(request({ 'x-real-ip': '198.51.100.7', 'x-forwarded-for': 'spoofed' }), vercel)).toBe('198.51.100.7');
    // Without Vercel's header (never on Vercel itself), the hops rule applies as anywhere else.
    expect(clientKeyOf(request({ 'x-forwarded-for': 'spoofed' }), vercel)).toBe(UNTRUSTED_CLIENT);
    expect(clientKeyOf(request({ 'x-forwarded-for': '203.0.113.9' }), { hops: 1, vercel: true })).toBe('203.0.113.9');
  });

  it('never grows without bound', () => {
    expect(clientKeyOf(request({ 'x-forwarded-for': `1.1.1.1, ${'x'.repeat(5000)}` }), behind(1))).toHaveLength(100);
    expect(clientKeyOf(request({ 'x-vercel-forwarded-for': 'y'.repeat(5000) }), { hops: 0, vercel: true })).toHaveLength(100);
  });
});
