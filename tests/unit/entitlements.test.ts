import { describe, expect, it } from 'vitest';
import { browserIdFrom, newBrowserId, readEntitlements, unlocks, writeEntitlements } from '@/lib/payments/entitlements';
import { readToken, signToken } from '@/lib/payments/signed-token';
import { z } from 'zod';

const SECRET = 'unit-test-secret-0123456789abcdef0123';

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

describe('entitlements', () => {
  it('reads back the paths it wrote, deduplicated, and nothing from a forged cookie', () => {
    const cookie = writeEntitlements(SECRET, ['trailers/a', 'series/b', 'trailers/a']);
    expect(readEntitlements(SECRET, cookie)).toEqual(['trailers/a', 'series/b']);
    expect(readEntitlements('another-secret-0123456789abcdef0123', cookie)).toEqual([]);
    expect(readEntitlements(SECRET, undefined)).toEqual([]);
  });

  it('unlocks a purchased document and everything beneath it, nothing else', () => {
    const owned = ['series/salt-road', 'trailers/x'];
    expect(unlocks(owned, 'series/salt-road')).toBe(true);
    expect(unlocks(owned, 'series/salt-road/seasons/s1/episodes/e1')).toBe(true);
    expect(unlocks(owned, 'series/salt-road-2')).toBe(false);
    expect(unlocks(owned, 'trailers/xy')).toBe(false);
  });

  it('accepts only browser ids of the shape it issues', () => {
    expect(browserIdFrom(newBrowserId())).not.toBeNull();
    expect(browserIdFrom('short')).toBeNull();
    expect(browserIdFrom(undefined)).toBeNull();
  });
});
