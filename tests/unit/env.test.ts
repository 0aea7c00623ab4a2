import { describe, expect, it } from 'vitest';
import { DEFAULT_RECIPIENT, EnvError, parseEnv } from '@/lib/env/schema';
import { checkProduction } from '@/lib/env/startup';

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

describe('checkProduction', () => {
  const ready = {
    ENTITLEMENT_SECRET: 'x'.repeat(32),
    FIRESTORE_EMULATOR_HOST: '127.0.0.1:8080',
    SOLANA_RECIPIENT: 'GvHeR432g7MjN9uKyX3Dzg66TqwrEWgANLnnFZXMeyyj',
    SOLANA_RPC_URL: 'https://rpc.example.com',
    NEXT_PUBLIC_SOLANA_RPC_URL: 'https://rpc.example.com',
  };
  const check = (source: Record<string, string | undefined>) => () => checkProduction(parseEnv(source), source);

  it('starts with the recipient and both RPC URLs set', () => {
    expect(check(ready)).not.toThrow();
  });

  it('names every payment setting left to its devnet default, blank counting as unset', () => {
    expect(check({ ...ready, SOLANA_RECIPIENT: undefined, SOLANA_RPC_URL: ' ', NEXT_PUBLIC_SOLANA_RPC_URL: undefined })).toThrow(
      /^SOLANA_RECIPIENT, SOLANA_RPC_URL and NEXT_PUBLIC_SOLANA_RPC_URL: required in production/,
    );
    expect(check({ ...ready, NEXT_PUBLIC_SOLANA_RPC_URL: '' })).toThrow(/^NEXT_PUBLIC_SOLANA_RPC_URL: required in production/);
  });
});
