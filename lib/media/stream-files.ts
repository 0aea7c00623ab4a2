import 'server-only';
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { LRUCache } from 'lru-cache';

// The embedded catalog's streams sit in public/; their playlists also ship with the media route
// (outputFileTracingIncludes in next.config.ts), as a serverless function has no public/ on disk.
const publicRoot = resolve(/* turbopackIgnore: true */ process.cwd(), 'public');
const FETCH_TIMEOUT_MS = 5_000;
const MAX_PLAYLIST_BYTES = 256 * 1024;
/** A 2 s segment of a 4K rung is a few MB: past this, it is no segment media:package wrote. */
const MAX_SEGMENT_BYTES = 32 * 1024 * 1024;

/** A packaged stream's files never change (its id names its content): a playlist is read once per process. */
const playlists = new LRUCache<string, string>({ max: 500 });

/**
 * A remote file of a stream, read no further than `cap` bytes: a hostile or broken host could otherwise make
 * this server buffer a body without end. Past the cap (or announced past it) the fetch is aborted and refused.
 */
async function fetchCapped(url: string, cap: number, what: string): Promise<Buffer | null> {
  const stop = new AbortController();
  const response = await fetch(url, { signal: AbortSignal.any([stop.signal, AbortSignal.timeout(FETCH_TIMEOUT_MS)]), redirect: 'error' });
  const refuse = (reason: string) => {
    stop.abort();
    console.error(`[media] ${url}: ${reason}, over the ${cap / 1024} KB ${what} may be: refused`);
    return null;
  };
  if (!response.ok || !response.body) {
    stop.abort();
    return null;
  }
  const announced = Number(response.headers.get('content-length') ?? 0);
  if (announced > cap) return refuse(`its Content-Length is ${announced} bytes`);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.byteLength;
    if (size > cap) return refuse(`its body passed ${size} bytes`);
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}

/** A file of a stream in the site's own folder (public/) or at its https origin. */
async function readStreamFile(url: string, cap: number, what: string): Promise<Buffer | null> {
  if (url.startsWith('/')) {
    const path = resolve(/* turbopackIgnore: true */ publicRoot, `.${url}`);
    if (!path.startsWith(publicRoot + sep)) return null;
    return readFile(path).catch(() => null);
  }
  return fetchCapped(url, cap, what);
}

/** A playlist of a stream at `base` (the site's own folder or an https origin), or null when there is none. */
export async function streamPlaylist(base: string, name: string): Promise<string | null> {
  const url = `${base}/${name}`;
  const cached = playlists.get(url);
  if (cached !== undefined) return cached;
  const text = (await readStreamFile(url, MAX_PLAYLIST_BYTES, 'a playlist'))?.toString('utf8') ?? null;
  if (text !== null) playlists.set(url, text);
  return text;
}

/** One segment of a stream at `base`, as stored (encrypted, for a locked one), or null when there is none. Not cached: a preview's only. */
export const streamSegment = (base: string, name: string) => readStreamFile(`${base}/${name}`, MAX_SEGMENT_BYTES, 'a segment');
