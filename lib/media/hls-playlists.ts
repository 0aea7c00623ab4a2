/**
 * The playlists of a packaged stream (media:package) as a buyer's browser is given them through
 * /api/media/{token}/…: renditions stay relative, so they are fetched under the same token; segments
 * become absolute URLs in the stream's public, cacheable folder; the key is `key`, relative, so hls.js and
 * Safari's own HLS both ask /api/media/{token}/key, the one request that is checked before bytes are given.
 * Pure: the route reads the files, this decides what of them a browser may see.
 */

const KEY_FILE = 'key';
const MASTER = /^master\.m3u8$/;
const RENDITION = /^\d{3,4}p\.m3u8$/;
const SEGMENT = /^\d{3,4}p_\d{3,5}\.m2ts$/;
const AES_KEY = /^#EXT-X-KEY:METHOD=AES-128,URI="[^"]*"(,IV=0x[0-9a-fA-F]{32})?$/;

/** What a stream's files under a playback link may be named: the master, a rendition's playlist, or the key. */
export type StreamFile = 'master' | 'rendition' | 'key';
export function streamFileKind(name: string): StreamFile | null {
  if (MASTER.test(name)) return 'master';
  if (RENDITION.test(name)) return 'rendition';
  return name === KEY_FILE ? 'key' : null;
}

const uriLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));

/** The master playlist as packaged, when every rendition it names is one of the stream's own (else null). */
export function masterForOwner(text: string): string | null {
  if (!text.startsWith('#EXTM3U')) return null;
  const uris = uriLines(text);
  return uris.length > 0 && uris.every((uri) => RENDITION.test(uri)) ? text : null;
}

/**
 * A rendition's playlist with its segments at `base` and its key at `key`. null when it is not what
 * media:package writes, or when a locked stream's playlist has no AES-128 key (packaged as free): its
 * segments would then be readable by anyone, so the stream is refused rather than served as paid.
 */
export function renditionForOwner(text: string, base: string): string | null {
  if (!text.startsWith('#EXTM3U')) return null;
  let keyed = false;
  const lines = text.split('\n').map((raw) => {
    const line = raw.trim();
    if (line.startsWith('#EXT-X-KEY')) {
      if (!AES_KEY.test(line)) return null;
      keyed = true;
      return line.replace(/URI="[^"]*"/, `URI="${KEY_FILE}"`);
    }
    if (line === '' || line.startsWith('#')) return line;
    return SEGMENT.test(line) ? `${base}/${line}` : null;
  });
  if (!keyed || lines.includes(null)) return null;
  return lines.join('\n');
}
