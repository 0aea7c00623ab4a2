import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserCookieValue, browserIdFrom, newBrowserId, readLegacyEntitlements } from '@/lib/payments/entitlements';
import { unlocks } from '@/lib/payments/unlocks';
import { readToken, signToken } from '@/lib/payments/signed-token';

const SECRET = 'unit-test-secret-0123456789abcdef0123';
const OTHER_SECRET = 'another-secret-0123456789abcdef0123';

describe('signed tokens', () => {
  const schema = z.object({ a: z.number() });

  it('round-trips a payload for the same purpose', () => {
    expect(readToken(SECRET, 'p', signToken(SECRET, 'p', { a: 1 }), schema)).toEqual({ a: 1 });
  });

  it('refuses a token minted for another purpose, with another secret, or altered', () => {
    const token = signToken(SECRET, 'p', { a: 1 });
    expect(readToken(SECRET, 'q', token, schema)).toBeNull();
    expect(readToken(`${SECRET}x`, 'p', token, schema)).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ a: 2 })).toString('base64url');
    expect(readToken(SECRET, 'p', `${forged}.${mac}`, schema)).toBeNull();
    expect(readToken(SECRET, 'p', `${body}.${mac}.x`, schema)).toBeNull();
    expect(readToken(SECRET, 'p', 'garbage', schema)).toBeNull();
  });
});

describe('browser cookie', () => {
  it('round-trips the id it signed', () => {
    const id = newBrowserId();
    expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const cookie = browserCookieValue(SECRET, id);
    expect(cookie).not.toBe(id);
    expect(browserIdFrom(SECRET, cookie)).toBe(id);
  });

  it('issues a different id each time', () => {
    expect(newBrowserId()).not.toBe(newBrowserId());
  });

  it('refuses an altered cookie: another id under the old mac, a changed mac, a flipped character', () => {
    const cookie = browserCookieValue(SECRET, newBrowserId());
    const [body, mac] = cookie.split('.') as [string, string];
    const otherBody = Buffer.from(JSON.stringify({ id: newBrowserId() })).toString('base64url');
    expect(browserIdFrom(SECRET, `${otherBody}.${mac}`)).toBeNull();
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    expect(browserIdFrom(SECRET, `${body}.${flip(mac, 3)}`)).toBeNull();
    expect(browserIdFrom(SECRET, `${flip(body, 5)}.${mac}`)).toBeNull();
    expect(browserIdFrom(SECRET, `${cookie}.x`)).toBeNull();
  });

  it('refuses a truncated cookie', () => {
    const cookie = browserCookieValue(SECRET, newBrowserId());
    expect(browserIdFrom(SECRET, cookie.slice(0, -1))).toBeNull();
    expect(browserIdFrom(SECRET, cookie.slice(0, cookie.indexOf('.')))).toBeNull();
    expect(browserIdFrom(SECRET, cookie.slice(0, cookie.indexOf('.') + 1))).toBeNull();
  });

  it('refuses a cookie signed with another secret', () => {
    expect(browserIdFrom(SECRET, browserCookieValue(OTHER_SECRET, newBrowserId()))).toBeNull();
  });

  it('refuses a token signed for another purpose, even with a valid id inside', () => {
    const id = newBrowserId();
    expect(browserIdFrom(SECRET, signToken(SECRET, 'checkout', { id }))).toBeNull();
    expect(browserIdFrom(SECRET, signToken(SECRET, 'entitlements', { id }))).toBeNull();
  });

  it('refuses a signed id of the wrong shape, 8 KB, empty and undefined', () => {
    expect(browserIdFrom(SECRET, browserCookieValue(SECRET, 'short'))).toBeNull();
    expect(browserIdFrom(SECRET, browserCookieValue(SECRET, '../../etc/passwd/xxxxx'))).toBeNull();
    expect(browserIdFrom(SECRET, 'a'.repeat(8192))).toBeNull();
    // Even a token this server signed is not read when it is far longer than a browser cookie can be.
    expect(browserIdFrom(SECRET, signToken(SECRET, 'browser', { id: newBrowserId(), padding: 'x'.repeat(8192) }))).toBeNull();
    expect(browserIdFrom(SECRET, `${'a'.repeat(8192)}.${'b'.repeat(43)}`)).toBeNull();
    expect(browserIdFrom(SECRET, '')).toBeNull();
    expect(browserIdFrom(SECRET, undefined)).toBeNull();
  });
});

describe('legacy entitlements cookie', () => {
  const legacy = (paths: string[], secret = SECRET) => signToken(secret, 'entitlements', { paths });

  it('reads the paths an old-format cookie listed', () => {
    expect(readLegacyEntitlements(SECRET, legacy(['trailers/a', 'series/b']))).toEqual(['trailers/a', 'series/b']);
  });

  it('reads a full old cookie of 60 paths', () => {
    const paths = Array.from({ length: 60 }, (_, i) => `trailers/t${i}`);
    expect(readLegacyEntitlements(SECRET, legacy(paths))).toEqual(paths);
  });

  it('keeps only entries that could name a title: a signed cookie with odd contents grants nothing odd', () => {
    const odd = [' trailers/a', '/', '', 'a/b/c/d/e/f/g/h', '../x', 'trailers/a?b', 42, null];
    expect(readLegacyEntitlements(SECRET, signToken(SECRET, 'entitlements', { paths: ['series/b', ...odd] }))).toEqual(['series/b']);
  });

  it('returns [] for garbage, another secret, another purpose, an altered cookie, 8 KB+ and undefined', () => {
    expect(readLegacyEntitlements(SECRET, 'garbage')).toEqual([]);
    expect(readLegacyEntitlements(SECRET, '')).toEqual([]);
    expect(readLegacyEntitlements(SECRET, undefined)).toEqual([]);
    expect(readLegacyEntitlements(SECRET, legacy(['trailers/a'], OTHER_SECRET))).toEqual([]);
    expect(readLegacyEntitlements(SECRET, signToken(SECRET, 'browser', { paths: ['trailers/a'] }))).toEqual([]);
    expect(readLegacyEntitlements(SECRET, signToken(SECRET, 'entitlements', { paths: 'trailers/a' }))).toEqual([]);
    const [, mac] = legacy(['trailers/a']).split('.');
    const forged = Buffer.from(JSON.stringify({ paths: ['series/everything'] })).toString('base64url');
    expect(readLegacyEntitlements(SECRET, `${forged}.${mac}`)).toEqual([]);
    expect(readLegacyEntitlements(SECRET, `${'a'.repeat(8200)}.${mac}`)).toEqual([]);
  });

  it('is not a browser cookie, and a browser cookie is not a legacy one', () => {
    const id = newBrowserId();
    expect(readLegacyEntitlements(SECRET, browserCookieValue(SECRET, id))).toEqual([]);
    expect(browserIdFrom(SECRET, legacy(['trailers/a']))).toBeNull();
  });
});

describe('unlocks', () => {
  it('unlocks a purchased document and everything beneath it, nothing else', () => {
    const owned = ['series/salt-road', 'trailers/x'];
    expect(unlocks(owned, 'series/salt-road')).toBe(true);
    expect(unlocks(owned, 'series/salt-road/seasons/s1/episodes/e1')).toBe(true);
    expect(unlocks(owned, 'series/salt-road-2')).toBe(false);
    expect(unlocks(owned, 'trailers/xy')).toBe(false);
    expect(unlocks(owned, 'series')).toBe(false);
    expect(unlocks([], 'trailers/x')).toBe(false);
  });
});

describe('browser ids from before cookies were signed', () => {
  it('are still honoured (a pending payment names them), only in their exact old shape', async () => {
    const { unsignedBrowserIdFrom } = await import('@/lib/payments/entitlements');
    const id = newBrowserId();
    expect(unsignedBrowserIdFrom(id)).toBe(id);
    expect(unsignedBrowserIdFrom(`${id}x`)).toBeNull();
    expect(unsignedBrowserIdFrom(browserCookieValue(SECRET, id))).toBeNull();
    expect(unsignedBrowserIdFrom(undefined)).toBeNull();
  });
});
