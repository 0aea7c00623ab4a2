/**
 * The playlists of a packaged stream (media:package) as a buyer's browser is given them through
 * /api/media/{token}/…: renditions stay relative, so they are fetched under the same token; segments
 * become absolute URLs in the stream's public, cacheable folder; the key is `key`, relative, so hls.js and
 * Safari's own HLS both ask /api/media/{token}/key, the one request that is checked before bytes are given.
 * Pure: the route reads the files, this decides what of them a browser may see.
 */

/** Where a rendition's key is, relative to it: what media:package writes and a buyer's link answers. */
export const KEY_FILE = 'key';
const MASTER = /^master\.m3u8$/;
const RENDITION = /^\d{3,4}p\.m3u8$/;
const SEGMENT = /^\d{3,4}p_\d{3,5}\.m2ts$/;
const AES_KEY = /^#EXT-X-KEY:METHOD=AES-128,URI="[^"]*"(,IV=0x[0-9a-fA-F]{32})?$/;
const NO_KEY = /^#EXT-X-KEY:METHOD=NONE(,|$)/;

/** What a stream's files under a playback link may be named: the master, a rendition's playlist, or the key. */
export type StreamFile = 'master' | 'rendition' | 'key';
export function streamFileKind(name: string): StreamFile | null {
  if (MASTER.test(name)) return 'master';
  if (RENDITION.test(name)) return 'rendition';
  return name === KEY_FILE ? 'key' : null;
}

const isUri = (line: string) => line !== '' && !line.startsWith('#');
/** The files a playlist names (renditions in a master, segments in a rendition), in order. */
export const uriLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(isUri);

/** The master playlist as packaged, when every rendition it names is one of the stream's own (else null). */
export function masterForOwner(text: string): string | null {
  if (!text.startsWith('#EXTM3U')) return null;
  const uris = uriLines(text);
  return uris.length > 0 && uris.every((uri) => RENDITION.test(uri)) ? text : null;
}

/**
 * Why a locked stream's rendition playlist must not be served, or null. A key applies to the segments after it
 * (RFC 8216 §4.3.2.4), so a segment before the first AES-128 key or after METHOD=NONE would be fetched in the
 * clear from the public folder, and a playlist with no key at all was packaged while the title was free.
 */
export function lockedRenditionProblem(text: string): string | null {
  if (!text.startsWith('#EXTM3U')) return 'not an HLS playlist';
  if (!text.includes('#EXT-X-KEY:METHOD=AES-128')) return 'no AES-128 key: its segments are in the clear (packaged while the title was free)';
  let clear: string | null = 'before the first AES-128 key';
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    const at = `line ${index + 1} (${line})`;
    if (NO_KEY.test(line)) clear = 'after METHOD=NONE';
    else if (line.startsWith('#EXT-X-KEY')) {
      if (!AES_KEY.test(line)) return `${at} is not an AES-128 key as media:package writes it`;
      clear = null;
    } else if (line.startsWith('#EXTINF') || isUri(line)) {
      if (clear) return `${at} comes ${clear}: that segment is in the clear`;
      if (isUri(line) && !SEGMENT.test(line)) return `${at} is not one of the stream's segments`;
    }
  }
  return null;
}

/** A rendition's playlist with its segments at `base` and its key at `key`; null when lockedRenditionProblem finds one. */
export function renditionForOwner(text: string, base: string): string | null {
  if (lockedRenditionProblem(text)) return null;
  return text
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line.startsWith('#EXT-X-KEY')) return line.replace(/URI="[^"]*"/, `URI="${KEY_FILE}"`);
      return isUri(line) ? `${base}/${line}` : line;
    })
    .join('\n');
}

/**
 * Why a locked stream at `base` would be refused to its buyers, naming the playlist, or null: what
 * `npm run catalog:check` and media:package report. `read` gives a playlist of the stream by name, or null.
 */
export async function lockedStreamProblem(base: string, read: (name: string) => Promise<string | null>): Promise<string | null> {
  const master = await read('master.m3u8');
  if (master === null) return `${base}/master.m3u8 cannot be read`;
  if (!masterForOwner(master)) return `${base}/master.m3u8 names files that are not the stream's renditions`;
  for (const name of uriLines(master)) {
    const text = await read(name);
    const problem = text === null ? 'cannot be read' : lockedRenditionProblem(text);
    if (problem) return `${base}/${name}: ${problem}`;
  }
  return null;
}
