import { clusterApiUrl } from '@solana/web3.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_COMPANION_APP_URL, DEFAULT_SOLANA_RPC_URL, DEFAULT_VOICE_WIDGET_SRC } from '@/lib/env/defaults';
import { DEFAULT_RECIPIENT, EnvError, parseEnv } from '@/lib/env/schema';
import { checkProduction } from '@/lib/env/startup';

describe('parseEnv', () => {
  it('gives every variable a safe default on an empty environment', () => {
    const env = parseEnv({});
    expect(env.PRICE_LAMPORTS).toBe(10_000_000);
    expect(env.REVALIDATE_SECONDS).toBe(86_400);
    expect(env.PRERENDER_TITLES).toBe(24);
    expect(env.SOLANA_RPC_URL).toBe(clusterApiUrl('devnet'));
    expect(env.NEXT_PUBLIC_SOLANA_RPC_URL).toBe(clusterApiUrl('devnet'));
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

describe('the defaults the browser shares with the server', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('are the same constants on both sides, so the browser never pays through another cluster than the server checks', async () => {
    for (const name of ['NEXT_PUBLIC_SOLANA_RPC_URL', 'NEXT_PUBLIC_VOICE_WIDGET_SRC', 'NEXT_PUBLIC_COMPANION_APP_URL']) vi.stubEnv(name, '');
    vi.resetModules();
    const { publicEnv } = await import('@/lib/env/public');
    const env = parseEnv({});
    expect([publicEnv.solanaRpcUrl, env.SOLANA_RPC_URL, env.NEXT_PUBLIC_SOLANA_RPC_URL]).toEqual(Array(3).fill(DEFAULT_SOLANA_RPC_URL));
    expect([publicEnv.voiceWidgetSrc, env.NEXT_PUBLIC_VOICE_WIDGET_SRC]).toEqual(Array(2).fill(DEFAULT_VOICE_WIDGET_SRC));
    expect([publicEnv.companionAppUrl, env.NEXT_PUBLIC_COMPANION_APP_URL]).toEqual(Array(2).fill(DEFAULT_COMPANION_APP_URL));
  });

  it('are values the schema would accept from an operator (it never checks its own fallbacks)', () => {
    const asSet = {
      SOLANA_RPC_URL: DEFAULT_SOLANA_RPC_URL,
      NEXT_PUBLIC_VOICE_WIDGET_SRC: DEFAULT_VOICE_WIDGET_SRC,
      NEXT_PUBLIC_COMPANION_APP_URL: DEFAULT_COMPANION_APP_URL,
    };
    expect(() => parseEnv(asSet)).not.toThrow();
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
