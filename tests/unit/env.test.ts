import { describe, expect, it } from 'vitest';
import { DEFAULT_RECIPIENT, EnvError, parseEnv } from '@/lib/env/schema';

describe('parseEnv', () => {
  it('gives every variable a safe default on an empty environment', () => {
    const env = parseEnv({});
    expect(env.PRICE_LAMPORTS).toBe(10_000_000);
    expect(env.REVALIDATE_SECONDS).toBe(86_400);
    expect(env.PRERENDER_TITLES).toBe(24);
    expect(env.SOLANA_RPC_URL).toBe('https://api.devnet.solana.com');
    expect(env.NEXT_PUBLIC_SOLANA_RPC_URL).toBe('https://api.devnet.solana.com');
    expect(env.SOLANA_RECIPIENT).toBe(DEFAULT_RECIPIENT);
    expect(env.NEXT_PUBLIC_SITE_URL).toBe('http://localhost:3000');
    expect(env.CATALOG).toBeUndefined();
    expect(env.ENTITLEMENT_SECRET).toBeUndefined();
  });

  it('treats blank values as unset', () => {
    expect(parseEnv({ PRICE_LAMPORTS: '  ', CATALOG: '' }).PRICE_LAMPORTS).toBe(10_000_000);
  });

  it('parses numbers and unescapes a private key pasted on one line', () => {
    const env = parseEnv({ PRICE_LAMPORTS: '5000', FIREBASE_PRIVATE_KEY: 'line1\\nline2' });
    expect(env.PRICE_LAMPORTS).toBe(5000);
    expect(env.FIREBASE_PRIVATE_KEY).toBe('line1\nline2');
  });

  it.each([
    ['PRICE_LAMPORTS', 'ten', 'expected a whole number'],
    ['PRICE_LAMPORTS', '-1', 'above 0'],
    ['SOLANA_RPC_URL', 'not a url', 'http(s) URL'],
    ['SOLANA_RECIPIENT', 'nope', 'base58 Solana public key'],
    ['CATALOG', 'mongo', '"local" or "firestore"'],
    ['FIRESTORE_EMULATOR_HOST', 'localhost', 'host:port'],
    ['ENTITLEMENT_SECRET', 'short', 'at least 32 characters'],
  ])('rejects %s=%s naming the variable and what it expects', (name, value, expected) => {
    try {
      parseEnv({ [name]: value });
      expect.unreachable('parseEnv accepted a bad value');
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      expect((error as EnvError).message).toContain(name);
      expect((error as EnvError).message).toContain(expected);
    }
  });
});
