import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { browserCookieValue, browserIdFrom, cookieNeedsRenewal, newBrowserId } from '@/lib/identity/browser-cookie';
import { unlocks } from '@/lib/payments/ownership/unlocks';
import { holderOf, isHolder, readToken, signToken, type SigningKeys } from '@/lib/identity/signed-token';

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

describe('nothing but a cookie this server signed names a browser', () => {
  it('refuses the bare id that cookies held before they were signed, and the old entitlements cookie', () => {
    const id = newBrowserId();
    expect(browserIdFrom(SECRET, id)).toBeNull();
    expect(browserIdFrom(SECRET, signToken(SECRET, 'entitlements', { paths: ['trailers/a'] }))).toBeNull();
  });
});

describe('holder digests', () => {
  it('name a browser without containing its id, and match only that browser', () => {
    const id = newBrowserId();
    const holder = holderOf(SECRET, 'media', id);
    expect(holder).not.toContain(id);
    expect(isHolder(SECRET, 'media', id, holder)).toBe(true);
    expect(isHolder(SECRET, 'media', newBrowserId(), holder)).toBe(false);
    expect(isHolder(SECRET, 'checkout', id, holder)).toBe(false);
    expect(isHolder(OTHER_SECRET, 'media', id, holder)).toBe(false);
    expect(isHolder(SECRET, 'media', null, holder)).toBe(false);
  });
});

describe('key rotation (ENTITLEMENT_SECRET_PREVIOUS)', () => {
  const rotated: SigningKeys = [OTHER_SECRET, SECRET];

  it('keeps cookies signed with the previous key valid so they are signed anew with the current key', () => {
    const id = newBrowserId();
    const oldCookie = browserCookieValue(SECRET, id);
    expect(browserIdFrom(rotated, oldCookie)).toBe(id);
    expect(cookieNeedsRenewal(rotated, oldCookie)).toBe(true);
    const renewed = browserCookieValue(rotated, id);
    expect(browserIdFrom(OTHER_SECRET, renewed)).toBe(id);
    expect(cookieNeedsRenewal(rotated, renewed)).toBe(false);
  });

  it('accepts nothing else the previous key signed: a leaked old key mints no checkout, link or holder', () => {
    const id = newBrowserId();
    expect(isHolder(rotated, 'media', id, holderOf(SECRET, 'media', id))).toBe(false);
    expect(readToken(rotated, 'p', signToken(SECRET, 'p', { a: 1 }), z.object({ a: z.number() }))).toBeNull();
    expect(readToken(rotated, 'p', signToken(rotated, 'p', { a: 1 }), z.object({ a: z.number() }))).toEqual({ a: 1 });
  });

  it('refuses what neither key signed, and never asks to renew an invalid cookie', () => {
    const stranger = browserCookieValue('a-third-secret-0123456789abcdef0123', newBrowserId());
    expect(browserIdFrom(rotated, stranger)).toBeNull();
    expect(cookieNeedsRenewal(rotated, stranger)).toBe(false);
    expect(cookieNeedsRenewal(rotated, undefined)).toBe(false);
  });
});
