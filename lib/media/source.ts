/**
 * Where a catalog `videourl` points, and so how a browser may get it:
 * - `private:path/file.mp4`: a file in PRIVATE_MEDIA_DIR, outside public/, streamed only to owners;
 * - `gs://bucket/object`: a private Cloud Storage object, handed to owners as a V4 signed URL;
 * - `https://…` or `/…`: a public URL, handed out as it is (anyone who has it can share it).
 */
export type VideoSource =
  | { kind: 'private'; file: string; name: string }
  | { kind: 'storage'; bucket: string; object: string; name: string }
  | { kind: 'public'; url: string };

const SAFE_SEGMENT = /^[\w][\w.-]{0,127}$/;
const BUCKET = /^[a-z0-9][a-z0-9._-]{1,220}[a-z0-9]$/;

const lastSegment = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The source a videourl names, or null when it cannot be served safely (e.g. `private:../x`). */
export function videoSource(videourl: string): VideoSource | null {
  if (videourl.startsWith('private:')) {
    const file = videourl.slice('private:'.length);
    const segments = file.split('/');
    if (!segments.every((segment) => SAFE_SEGMENT.test(segment) && !segment.includes('..'))) return null;
    return { kind: 'private', file, name: lastSegment(file) };
  }
  if (videourl.startsWith('gs://')) {
    const [bucket = '', ...rest] = videourl.slice('gs://'.length).split('/');
    const object = rest.join('/');
    if (!BUCKET.test(bucket) || object === '' || object.length > 1024) return null;
    return { kind: 'storage', bucket, object, name: lastSegment(object) };
  }
  if (/^https?:\/\//.test(videourl) || videourl.startsWith('/')) return { kind: 'public', url: videourl };
  return null;
}

/** Whether the browser needs a per-owner link for this source (the bytes are not public). */
export const isProtected = (source: VideoSource): source is Exclude<VideoSource, { kind: 'public' }> => source.kind !== 'public';
