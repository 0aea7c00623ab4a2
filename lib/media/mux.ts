import type { KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import type { Env } from '../env/schema';

/** A Mux URL signing key: its id (the JWT's `kid`) and its RSA private key. */
export interface MuxSigningKey {
  id: string;
  key: KeyObject;
}

/** The site's Mux signing key (MUX_SIGNING_KEY_ID and MUX_SIGNING_PRIVATE_KEY, which the env requires together), or null. */
export const muxSigningKey = ({ MUX_SIGNING_KEY_ID: id, MUX_SIGNING_PRIVATE_KEY: key }: Pick<Env, 'MUX_SIGNING_KEY_ID' | 'MUX_SIGNING_PRIVATE_KEY'>) =>
  id && key ? { id, key } : null;

const MUX_STREAM = /^https:\/\/(?:stream|player)\.mux\.com\/(\w+)(?:\.m3u8)?(?:\?.*)?$/;

/** The playback id of a stream.mux.com or player.mux.com URL (any token it carries is dropped), or null for any other URL. */
export const muxPlaybackId = (url: string): string | null => MUX_STREAM.exec(url)?.[1] ?? null;

/**
 * The stream of a playback id with a signed playback policy, for `ttlSeconds`: Mux's playback token is an RS256 JWT
 * with the signing key's id as `kid`, the playback id as `sub`, `aud` "v" (video) and `exp`
 * (https://www.mux.com/docs/guides/secure-video-playback). Mux refuses the stream without it, so the id alone opens nothing.
 */
export async function signedMuxStream(playbackId: string, signing: MuxSigningKey, ttlSeconds: number, now = Date.now()): Promise<string> {
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'RS256', kid: signing.id, typ: 'JWT' })
    .setSubject(playbackId)
    .setAudience('v')
    .setExpirationTime(Math.floor(now / 1000) + ttlSeconds)
    .sign(signing.key);
  return `https://stream.mux.com/${playbackId}?token=${token}`;
}
