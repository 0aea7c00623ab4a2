import 'server-only';
import { open, stat, type FileHandle } from 'node:fs/promises';
import { extname } from 'node:path';
import { refuse, type Refusal } from '../errors';
import type { Reply } from '../http/reply';

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.ogv': 'video/ogg',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};

/** Paid bytes: never stored by a shared cache or the browser's disk cache, never embedded by another site. */
const PRIVATE_HEADERS = {
  'Cache-Control': 'private, no-store',
  'Accept-Ranges': 'bytes',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

type Range = { start: number; end: number };

const CHUNK_BYTES = 64 * 1024;

/**
 * Bytes `start`..`end` of a file, read one chunk per pull as the client takes them; the file is closed at the end
 * or as soon as the client goes. Built here rather than with Readable.toWeb, whose controller can be closed twice
 * when a viewer drops a video partway (an uncaught "Controller is already closed" in `next start`, nodejs/node#54205).
 */
function fileRangeStream(path: string, { start, end }: Range): ReadableStream<Uint8Array> {
  let file: FileHandle | undefined;
  let position = start;
  let cancelled = false;
  const close = async () => {
    const handle = file;
    file = undefined;
    await handle?.close();
  };
  return new ReadableStream<Uint8Array>({
    async start() {
      file = await open(path, 'r');
    },
    async pull(controller) {
      const length = Math.min(CHUNK_BYTES, end - position + 1);
      const chunk = new Uint8Array(length);
      const { bytesRead } = await file!.read(chunk, 0, length, position);
      if (cancelled) return;
      position += bytesRead;
      // A file cut short since its size was read ends the body early rather than waiting for bytes that never come.
      if (bytesRead > 0) controller.enqueue(bytesRead === length ? chunk : chunk.subarray(0, bytesRead));
      if (bytesRead === 0 || position > end) {
        await close();
        controller.close();
      }
    },
    async cancel() {
      cancelled = true;
      await close();
    },
  });
}

/**
 * One `bytes=` range of a file of `size` bytes (RFC 9110 §14): a range, an open end, or a suffix.
 * null: satisfy the whole file (no Range, another unit, or several ranges, which we may ignore);
 * 'unsatisfiable': refused as range_not_satisfiable.
 */
export function parseRange(header: string | null, size: number): Range | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return null;
  const spec = match[1]!.trim();
  if (spec.includes(',')) return null;
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!parts || (parts[1] === '' && parts[2] === '')) return 'unsatisfiable';
  const [, first = '', last = ''] = parts;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/**
 * A file as the request asks for it, with HTTP Range support (seeking in a player), validators and private
 * caching: a Reply that lib/api/responses.ts sends. Its body reads the file in chunks as the client takes them,
 * never buffered whole.
 */
export async function fileReply(path: string, request: Request, downloadName: string): Promise<Reply | Refusal> {
  const info = await stat(path).catch(() => null);
  if (!info?.isFile()) {
    console.error(`[media] ${path} is missing: put the file there or fix the title's videourl`);
    return refuse('not_found', 'This video file is missing on the server.');
  }
  const size = info.size;
  const etag = `"${size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
  const validators = { ETag: etag, 'Last-Modified': info.mtime.toUTCString() };
  const type = CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
  const head = request.method === 'HEAD';

  if (request.headers.get('if-none-match') === etag) return { ok: true, kind: 'not-modified', headers: { ...PRIVATE_HEADERS, ...validators }, body: null };

  // A Range is honoured only while the file is still the one the client started with (If-Range).
  const ifRange = request.headers.get('if-range');
  const range = ifRange && ifRange !== etag ? null : parseRange(request.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    const reason = `Range not satisfiable: this file has ${size} bytes (ask for bytes=0-${Math.max(0, size - 1)} or less).`;
    return { ...refuse('range_not_satisfiable', reason), headers: { ...PRIVATE_HEADERS, 'Content-Range': `bytes */${size}` } };
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const headers: Record<string, string> = {
    ...PRIVATE_HEADERS,
    ...validators,
    'Content-Type': type,
    'Content-Length': String(size === 0 ? 0 : end - start + 1),
    'Content-Disposition': `inline; filename="${downloadName.replace(/[^\w.-]/g, '_')}"`,
  };
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${size}`;
  const body = head || size === 0 ? null : fileRangeStream(path, { start, end });
  return { ok: true, kind: range ? 'partial' : 'content', headers, body };
}
