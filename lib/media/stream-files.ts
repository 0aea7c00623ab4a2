import 'server-only';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { LRUCache } from 'lru-cache';

// The embedded catalog's streams sit in public/; their playlists also ship with the media route
// (outputFileTracingIncludes in next.config.ts), as a serverless function has no public/ on disk.
const publicRoot = resolve(/* turbopackIgnore: true */ process.cwd(), 'public');
const FETCH_TIMEOUT_MS = 5_000;
const MAX_PLAYLIST_BYTES = 256 * 1024;

/** A packaged stream's files never change (its id names its content): a playlist is read once per process. */
const playlists = new LRUCache<string, string>({ max: 500 });

async function readPlaylist(url: string): Promise<string | null> {
  if (url.startsWith('/')) {
    const path = resolve(/* turbopackIgnore: true */ publicRoot, `.${url}`);
    if (!path.startsWith(publicRoot + sep)) return null;
    return readFile(path, 'utf8').catch(() => null);
  }
  const response = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), redirect: 'error' });
  if (!response.ok) return null;
  const text = await response.text();
  return text.length <= MAX_PLAYLIST_BYTES ? text : null;
}

/** A playlist of a stream at `base` (the site's own folder or an https origin), or null when there is none. */
export async function streamPlaylist(base: string, name: string): Promise<string | null> {
  const url = `${base}/${name}`;
  const cached = playlists.get(url);
  if (cached !== undefined) return cached;
  const text = await readPlaylist(url);
  if (text !== null) playlists.set(url, text);
  return text;
}
