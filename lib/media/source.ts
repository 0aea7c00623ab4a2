/**
 * Where a catalog `videourl` points, and so how a browser may get it:
 * - `private:path/file.mp4`: a file in PRIVATE_MEDIA_DIR, outside public/, streamed only to owners;
 * - `gs://bucket/object`: a private Cloud Storage object, handed to owners as a V4 signed URL;
 * - `stream:/path/{id}` or `stream:https://host/path/{id}`: an HLS ladder `npm run media:package` made, its folder
 *   public and cacheable (master.m3u8, renditions, segments); a locked title's segments are AES-128 encrypted
 *   and its playlists and key reach owners only through /api/media;
 * - `https://…` or `/…`: a public URL, handed out as it is (anyone who has it can share it).
 */
export type VideoSource =
  | { kind: 'private'; file: string; name: string }
  | { kind: 'storage'; bucket: string; object: string; name: string }
  | { kind: 'stream'; base: string; id: string; name: typeof MASTER_PLAYLIST }
  | { kind: 'public'; url: string };

/** The one playlist a player is given; it names the renditions, relative to itself. */
const MASTER_PLAYLIST = 'master.m3u8';

const SAFE_SEGMENT = /^[\w][\w.-]{0,127}$/;
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;
/** A stream's folder is named by its id: the catalog path's slug and a content hash (media:package). */
const STREAM_ID = /^[a-z0-9][a-z0-9-]{0,150}-[0-9a-f]{12}$/;

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);
const safePath = (path: string) => path.split('/').every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'));

function streamSource(base: string): VideoSource | null {
  const id = lastSegment(base);
  if (!STREAM_ID.test(id)) return null;
  if (base.startsWith('/') && safePath(base.slice(1))) return { kind: 'stream', base, id, name: MASTER_PLAYLIST };
  if (!base.startsWith('https://') || !URL.canParse(base)) return null;
  const url = new URL(base);
  if (url.search || url.hash || url.username || url.password || !safePath(url.pathname.slice(1))) return null;
  return { kind: 'stream', base: url.href, id, name: MASTER_PLAYLIST };
}

/** What a videourl may be, for the messages that refuse one. */
export const VIDEOURL_FORMS = 'expected private:…, gs://…, stream:…, https://… or /…';

/** The source a videourl names, or null when it cannot be served safely (e.g. `private:../x`). */
export function videoSource(videourl: string): VideoSource | null {
  if (videourl.startsWith('private:')) {
    const file = videourl.slice('private:'.length);
    if (!safePath(file)) return null;
    return { kind: 'private', file, name: lastSegment(file) };
  }
  if (videourl.startsWith('gs://')) {
    const [bucket = '', ...rest] = videourl.slice('gs://'.length).split('/');
    const object = rest.join('/');
    if (!BUCKET.test(bucket) || object === '' || object.length > 1024) return null;
    return { kind: 'storage', bucket, object, name: lastSegment(object) };
  }
  if (videourl.startsWith('stream:')) return streamSource(videourl.slice('stream:'.length));
  if (/^https?:\/\//.test(videourl) || videourl.startsWith('/')) return { kind: 'public', url: videourl };
  return null;
}

/** Whether the browser needs a per-owner link for this source (the bytes, or a stream's key, are not public). */
export const isProtected = (source: VideoSource): source is Exclude<VideoSource, { kind: 'public' }> => source.kind !== 'public';

/** What a free title's player is given: a public URL as it is, a stream's master playlist in its public folder. */
export const freePlayUrl = (source: VideoSource): string | null =>
  source.kind === 'public' ? source.url : source.kind === 'stream' ? `${source.base}/${MASTER_PLAYLIST}` : null;
