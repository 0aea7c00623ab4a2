import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { getStorage } from 'firebase-admin/storage';
import type { Env } from '../../../lib/env/schema';
import { firebaseApp } from '../../../lib/firebase-admin-app';

/** `gs://bucket/prefix` → its parts. */
export function parseGsUrl(url: string): { bucket: string; prefix: string } {
  const [bucket = '', ...rest] = url.slice('gs://'.length).split('/');
  if (!bucket) throw new Error(`${url} names no bucket`);
  return { bucket, prefix: rest.filter(Boolean).join('/') };
}

const bucketOf = (env: Env, name: string) => getStorage(firebaseApp(env)).bucket(name);

export async function downloadObject(env: Env, url: string, file: string): Promise<void> {
  const { bucket, prefix } = parseGsUrl(url);
  await bucketOf(env, bucket).file(prefix).download({ destination: file });
}

export async function objectExists(env: Env, url: string): Promise<boolean> {
  const { bucket, prefix } = parseGsUrl(url);
  const [exists] = await bucketOf(env, bucket).file(prefix).exists();
  return exists;
}

// Segments are MPEG-TS named .m2ts (ladder.ts says why).
const TYPES: Record<string, string> = { m3u8: 'application/vnd.apple.mpegurl', m2ts: 'video/mp2t' };

/** The Content-Type a packaged stream's file is uploaded with. */
export const contentTypeOf = (name: string) => TYPES[name.split('.').pop()!] ?? 'application/octet-stream';

/**
 * Uploads a packaged stream's folder, every file publicly cacheable for a year: its name never changes
 * meaning (the stream id names its content). The bucket (or the CDN before it) must be publicly readable.
 */
export async function uploadFolder(env: Env, folder: string, url: string): Promise<void> {
  const { bucket, prefix } = parseGsUrl(url);
  const target = bucketOf(env, bucket);
  for (const name of await readdir(folder)) {
    await target.upload(join(folder, name), {
      destination: `${prefix}/${name}`,
      metadata: { cacheControl: 'public, max-age=31536000, immutable', contentType: contentTypeOf(name) },
    });
  }
}
