import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import dns from 'node:dns';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/**
 * Cloud Storage V4 signed URLs for `gs://` videos, signed offline with the service account's key
 * (firebase-admin → @google-cloud/storage). We rebuild Google's canonical request and string to sign
 * ourselves (https://cloud.google.com/storage/docs/authentication/signatures) and check the signature
 * with the public key, so a URL Google would refuse fails here.
 */

const CLIENT_EMAIL = 'signer@solenema-test.iam.gserviceaccount.com';
const PROJECT = 'solenema-test';
const NOW = Date.parse('2026-05-06T07:08:09.000Z');
const ENV_KEYS = [
  'FIREBASE_PROJECT_ID',
  'FIREBASE_CLIENT_EMAIL',
  'FIREBASE_PRIVATE_KEY',
  'FIRESTORE_EMULATOR_HOST',
  'GOOGLE_APPLICATION_CREDENTIALS',
  'METADATA_SERVER_DETECTION',
] as const;
const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));

let publicKey: KeyObject;
let signedStorageUrl: (bucket: string, object: string, seconds?: number) => Promise<string>;
const connections: string[] = [];

/** Google's URI encoding for signatures: every byte but A-Z a-z 0-9 - . _ ~ */
const encode = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The string a V4 signature covers, rebuilt from the URL alone (method GET, host the only signed header). */
function stringToSign(url: URL) {
  const params = [...url.searchParams].filter(([key]) => key !== 'X-Goog-Signature');
  const canonicalQuery = params
    .map(([key, value]) => [encode(key), encode(value)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const canonicalRequest = ['GET', url.pathname, canonicalQuery, `host:${url.host}\n`, 'host', 'UNSIGNED-PAYLOAD'].join('\n');
  const credential = url.searchParams.get('X-Goog-Credential')!;
  const scope = credential.slice(credential.indexOf('/') + 1);
  return ['GOOG4-RSA-SHA256', url.searchParams.get('X-Goog-Date'), scope, createHash('sha256').update(canonicalRequest).digest('hex')].join('\n');
}

const signatureValid = (url: URL) =>
  verify('RSA-SHA256', Buffer.from(stringToSign(url)), publicKey, Buffer.from(url.searchParams.get('X-Goog-Signature') ?? '', 'hex'));

beforeAll(async () => {
  // Nothing here may reach the network: any TCP connection or DNS lookup is recorded and refused.
  vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket, ...args: unknown[]) {
    connections.push(JSON.stringify(args[0]));
    throw new Error(`network access in an offline test: ${JSON.stringify(args[0])}`);
  });
  vi.spyOn(dns, 'lookup').mockImplementation(((host: string) => {
    connections.push(`dns:${host}`);
    throw new Error(`DNS lookup in an offline test: ${host}`);
  }) as unknown as typeof dns.lookup);

  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  publicKey = keys.publicKey;
  const pem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  for (const key of ENV_KEYS) delete process.env[key];
  process.env.FIREBASE_PROJECT_ID = PROJECT;
  process.env.FIREBASE_CLIENT_EMAIL = CLIENT_EMAIL;
  // As operators paste it into a dashboard: one line, newlines escaped.
  process.env.FIREBASE_PRIVATE_KEY = pem.replace(/\n/g, '\\n');
  process.env.METADATA_SERVER_DETECTION = 'none';
  vi.resetModules();
  ({ signedStorageUrl } = await import('@/lib/media/storage'));
  // Frozen clock (Date only): the URL's date and lifetime are exact.
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});

afterAll(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  for (const key of ENV_KEYS) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
});

describe('signedStorageUrl', () => {
  it('signs a V4 URL for the object, with the service account, for the lifetime asked', async () => {
    const url = new URL(await signedStorageUrl('solenema-private', 'trailers/vault.mp4', 600));
    expect(url.protocol).toBe('https:');
    expect(url.host).toBe('storage.googleapis.com');
    expect(url.pathname).toBe('/solenema-private/trailers/vault.mp4');
    expect(url.searchParams.get('X-Goog-Algorithm')).toBe('GOOG4-RSA-SHA256');
    expect(url.searchParams.get('X-Goog-Credential')).toBe(`${CLIENT_EMAIL}/20260506/auto/storage/goog4_request`);
    expect(url.searchParams.get('X-Goog-Date')).toBe('20260506T070809Z');
    expect(url.searchParams.get('X-Goog-Expires')).toBe('600');
    expect(url.searchParams.get('X-Goog-SignedHeaders')).toBe('host');
    expect(url.searchParams.get('X-Goog-Signature')).toMatch(/^[0-9a-f]{512}$/);
    expect(signatureValid(url)).toBe(true);
    expect(connections).toEqual([]);
  });

  it('signs an object name that needs encoding', async () => {
    const url = new URL(await signedStorageUrl('solenema-private', 'series/show/episode 1 (final).mp4', 60));
    expect(decodeURIComponent(url.pathname)).toBe('/solenema-private/series/show/episode 1 (final).mp4');
    expect(url.pathname).toBe('/solenema-private/series/show/episode%201%20%28final%29.mp4');
    expect(signatureValid(url)).toBe(true);
  });

  it('uses SIGNED_URL_SECONDS (ten minutes by default: anyone holding the URL may fetch until then) when no lifetime is given', async () => {
    const url = new URL(await signedStorageUrl('solenema-private', 'x.mp4'));
    expect(url.searchParams.get('X-Goog-Expires')).toBe('600');
    expect(signatureValid(url)).toBe(true);
  });

  it('a URL whose expiry, object, bucket, date or signature is changed no longer verifies', async () => {
    const signed = await signedStorageUrl('solenema-private', 'trailers/vault.mp4', 600);
    const tampered = (change: (url: URL) => void) => {
      const url = new URL(signed);
      change(url);
      return signatureValid(url);
    };
    expect(tampered(() => {})).toBe(true);
    expect(tampered((url) => url.searchParams.set('X-Goog-Expires', '604800'))).toBe(false);
    expect(tampered((url) => url.searchParams.set('X-Goog-Expires', '601'))).toBe(false);
    expect(tampered((url) => (url.pathname = '/solenema-private/trailers/other.mp4'))).toBe(false);
    expect(tampered((url) => (url.pathname = '/other-bucket/trailers/vault.mp4'))).toBe(false);
    expect(tampered((url) => url.searchParams.set('X-Goog-Date', '20260507T070809Z'))).toBe(false);
    expect(
      tampered((url) => {
        const signature = url.searchParams.get('X-Goog-Signature')!;
        url.searchParams.set('X-Goog-Signature', `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`);
      }),
    ).toBe(false);
  });

  it('refuses a lifetime over seven days, as Google would', async () => {
    await expect(signedStorageUrl('solenema-private', 'x.mp4', 604_801)).rejects.toThrow(/seven days/);
  });

  it('never touched the network', () => {
    expect(connections).toEqual([]);
  });
});
