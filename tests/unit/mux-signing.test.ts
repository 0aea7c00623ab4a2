import { generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { checkCatalog } from '@/lib/catalog/check';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { treeOf } from '@/lib/catalog/tree-state';
import { parseEnv } from '@/lib/env/schema';
import { muxPlaybackId, muxSigningKey, signedMuxStream } from '@/lib/media/mux';

// A signing key as Mux's dashboard hands one over: an id, and the RSA private key's PEM in base64.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const MUX_KEY_ID = 'mux-key-0123456789';
const MUX_PRIVATE_KEY = Buffer.from(privateKey.export({ type: 'pkcs1', format: 'pem' })).toString('base64');
const PLAYBACK_ID = 'qxb01i6T202018GFS02vp9RIe01icTcDCjVzQpmaB00CUisJ4';
const LOCKED_MUX = `https://stream.mux.com/${PLAYBACK_ID}`;

// The use case as it is; only what it stands on is stubbed: the catalog's entry and the ledger's answer.
const owned = vi.hoisted(() => {
  process.env.ENTITLEMENT_SECRET = 'unit-test-mux-secret-0123456789abcdef';
  return { paths: [] as string[] };
});
vi.mock('@/lib/catalog', () => ({ getVideo: async (path: string) => ({ path, videourl: LOCKED_MUX }) }));
vi.mock('@/lib/payments/ownership/ownership', () => ({
  libraryOf: async ({ browser }: { browser: string | null }) => ({ owned: browser ? owned.paths : [], rentals: [] }),
}));

describe("Mux's signed playback", () => {
  const signing = muxSigningKey(parseEnv({ MUX_SIGNING_KEY_ID: MUX_KEY_ID, MUX_SIGNING_PRIVATE_KEY: MUX_PRIVATE_KEY }))!;

  it('signs the token Mux documents: RS256, kid the signing key, sub the playback id, aud "v", exp after the lifetime', async () => {
    const now = Date.now();
    const url = new URL(await signedMuxStream(PLAYBACK_ID, signing, 600, now));
    expect(`${url.origin}${url.pathname}`).toBe(LOCKED_MUX);
    const token = url.searchParams.get('token')!;
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'RS256', kid: MUX_KEY_ID, typ: 'JWT' });
    const { payload } = await jwtVerify(token, publicKey, { audience: 'v', subject: PLAYBACK_ID, algorithms: ['RS256'] });
    expect(payload.exp).toBe(Math.floor(now / 1000) + 600);
  });

  it('reads the key as Mux gives it (base64) or as the PEM it decodes to, and refuses half a key or a broken one', () => {
    const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
    expect(muxSigningKey(parseEnv({ MUX_SIGNING_KEY_ID: MUX_KEY_ID, MUX_SIGNING_PRIVATE_KEY: pem }))?.id).toBe(MUX_KEY_ID);
    expect(muxSigningKey(parseEnv({}))).toBeNull();
    expect(() => parseEnv({ MUX_SIGNING_KEY_ID: MUX_KEY_ID })).toThrow(/MUX_SIGNING_KEY_ID and MUX_SIGNING_PRIVATE_KEY together/);
    expect(() => parseEnv({ MUX_SIGNING_KEY_ID: MUX_KEY_ID, MUX_SIGNING_PRIVATE_KEY: 'bm90IGEga2V5' })).toThrow(
      /MUX_SIGNING_PRIVATE_KEY: expected the private key/,
    );
  });

  it('knows a Mux playback id by its stream or player URL, and nothing else', () => {
    expect(muxPlaybackId(LOCKED_MUX)).toBe(PLAYBACK_ID);
    expect(muxPlaybackId(`https://player.mux.com/${PLAYBACK_ID}?playback-token=old`)).toBe(PLAYBACK_ID);
    expect(muxPlaybackId(`${LOCKED_MUX}.m3u8`)).toBe(PLAYBACK_ID);
    expect(muxPlaybackId('https://stream.mux.com.evil.example/abc')).toBeNull();
    expect(muxPlaybackId('https://cdn.example.org/master.m3u8')).toBeNull();
  });
});

describe('a locked Mux title', () => {
  beforeAll(() => {
    process.env.MUX_SIGNING_KEY_ID = MUX_KEY_ID;
    process.env.MUX_SIGNING_PRIVATE_KEY = MUX_PRIVATE_KEY;
  });

  it('yields a signed playback URL to a buyer only', async () => {
    const { playbackLinkFor } = await import('@/lib/payments/playback/playback-link');
    owned.paths = [];
    expect(await playbackLinkFor({ browser: 'a-visitor-0123456789ab', owns: 'proven' }, 'trailers/locked-mux')).toMatchObject({ ok: false, code: 'forbidden' });
    expect(await playbackLinkFor({ browser: null, owns: 'none' }, 'trailers/locked-mux')).toMatchObject({ ok: false, code: 'forbidden' });
    owned.paths = ['trailers/locked-mux'];
    const link = await playbackLinkFor({ browser: 'a-buyer-0123456789abcd', owns: 'proven' }, 'trailers/locked-mux');
    if (!link.ok) throw new Error(link.reason);
    const token = new URL(link.url).searchParams.get('token')!;
    await expect(jwtVerify(token, publicKey, { audience: 'v', subject: PLAYBACK_ID })).resolves.toBeTruthy();
  });

  it('is no longer reported shareable by catalog:check once signing is configured', () => {
    const doc = (path: string, data: object) => ({ id: path.split('/').at(-1)!, path, data });
    const documents = documentsToWrite([doc('trailers/locked-mux', { title: 'Locked', coverimg: '/c.jpg', videourl: LOCKED_MUX, locked: true })]).filter((d) =>
      treeOf(d.path),
    );
    const signed = (url: string) => muxPlaybackId(url) !== null;
    expect(
      checkCatalog(
        documents,
        () => true,
        () => null,
      ).publicPaidVideos,
    ).toHaveLength(1);
    expect(
      checkCatalog(
        documents,
        () => true,
        () => null,
        signed,
      ).publicPaidVideos,
    ).toEqual([]);
  });
});
