import { mkdtemp, open, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { replyResponse } from '@/lib/api/responses';
import { fileReply, parseRange } from '@/lib/media/file-reply';

describe('parseRange', () => {
  const size = 1000;

  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=0-5000', { start: 0, end: 999 }],
    ['bytes=999-999', { start: 999, end: 999 }],
    ['bytes=0-0', { start: 0, end: 0 }],
    ['BYTES = 5 - 9', { start: 5, end: 9 }],
  ] as const)('%s of 1000 bytes is %o', (header, range) => {
    expect(parseRange(header, size)).toEqual(range);
  });

  it.each([
    'bytes=1000-',
    'bytes=1000-1005',
    'bytes=5000-',
    'bytes=abc',
    'bytes=',
    'bytes=-',
    'bytes=-0',
    'bytes=10-5',
    'bytes=1e3-',
    'bytes=99999999999999999999-',
  ])('%s of 1000 bytes is unsatisfiable', (header) => {
    expect(parseRange(header, size)).toBe('unsatisfiable');
  });

  it('asks for the whole file when there is no Range, another unit, or several ranges', () => {
    expect(parseRange(null, size)).toBeNull();
    expect(parseRange('', size)).toBeNull();
    expect(parseRange('bytes=0-1,5-6', size)).toBeNull();
    expect(parseRange('items=0-99', size)).toBeNull();
    expect(parseRange('0-99', size)).toBeNull();
  });

  it('finds no range satisfiable in an empty file', () => {
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange('bytes=-10', 0)).toBe('unsatisfiable');
  });
});

describe('fileReply, as lib/api sends it', () => {
  let dir: string;
  let video: string;
  let big: string;
  const SMALL = 1000;
  const BIG = 4 * 1024 * 1024;
  /** Every byte different from its neighbours, so a wrong offset shows. */
  const pattern = (length: number) => {
    const buffer = Buffer.alloc(length);
    for (let i = 0; i < length; i += 1) buffer[i] = (i * 7 + (i >> 8)) & 0xff;
    return buffer;
  };
  const small = pattern(SMALL);
  const bigBytes = pattern(BIG);
  const get = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://127.0.0.1/api/media/token/clip.mp4', { method, headers });
  const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
  /** What the media route sends: the file's reply, made HTTP at the edge. */
  const served = async (path: string, request: Request, name: string) => replyResponse(await fileReply(path, request, name));

  beforeAll(async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dir = await mkdtemp(join(tmpdir(), 'solenema-media-'));
    video = join(dir, 'clip.mp4');
    big = join(dir, 'big.mp4');
    await writeFile(video, small);
    await writeFile(big, bigBytes);
    const when = new Date('2026-01-02T03:04:05.000Z');
    await utimes(video, when, when);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 200 with the whole file, its length, type, validators and private caching', async () => {
    const response = await served(video, get(), 'clip.mp4');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe(String(SMALL));
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(response.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(response.headers.get('last-modified')).toBe('Fri, 02 Jan 2026 03:04:05 GMT');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-range')).toBeNull();
    expect(response.headers.get('content-disposition')).toBe('inline; filename="clip.mp4"');
    expect(await bytes(response)).toEqual(small);
  });

  it('answers 206 with Content-Range and exactly the bytes asked for', async () => {
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, SMALL - 1],
      ['bytes=-10', SMALL - 10, SMALL - 1],
      ['bytes=990-5000', 990, SMALL - 1],
      ['bytes=500-500', 500, 500],
    ];
    for (const [range, start, end] of cases) {
      const response = await served(video, get({ Range: range }), 'clip.mp4');
      expect(response.status, range).toBe(206);
      expect(response.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/${SMALL}`);
      expect(response.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await bytes(response), range).toEqual(small.subarray(start, end + 1));
    }
  });

  it('answers 416 with bytes */size and the API refusal `{ error, code }` for a range past the end', async () => {
    for (const range of [`bytes=${SMALL}-`, 'bytes=abc', 'bytes=5000-6000']) {
      const response = await served(video, get({ Range: range }), 'clip.mp4');
      expect(response.status, range).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${SMALL}`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('accept-ranges')).toBe('bytes');
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: expect.stringContaining(`${SMALL} bytes`), code: 'range_not_satisfiable' });
    }
  });

  it('serves the whole file for several ranges or another unit', async () => {
    for (const range of ['bytes=0-1,5-6', 'items=0-9']) {
      const response = await served(video, get({ Range: range }), 'clip.mp4');
      expect(response.status, range).toBe(200);
      expect(await bytes(response)).toEqual(small);
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const full = await served(video, get({}, 'HEAD'), 'clip.mp4');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-length')).toBe(String(SMALL));
    expect(full.body).toBeNull();
    const part = await served(video, get({ Range: 'bytes=0-9' }, 'HEAD'), 'clip.mp4');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-9/${SMALL}`);
    expect(part.body).toBeNull();
  });

  it('answers 304 to a matching If-None-Match, with no body', async () => {
    const etag = (await served(video, get({}, 'HEAD'), 'clip.mp4')).headers.get('etag')!;
    const response = await served(video, get({ 'If-None-Match': etag }), 'clip.mp4');
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
    expect(response.headers.get('etag')).toBe(etag);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect((await served(video, get({ 'If-None-Match': '"stale"' }), 'clip.mp4')).status).toBe(200);
  });

  it('honours If-Range only while the file is unchanged: a stale ETag gets the whole file', async () => {
    const etag = (await served(video, get({}, 'HEAD'), 'clip.mp4')).headers.get('etag')!;
    const current = await served(video, get({ Range: 'bytes=0-9', 'If-Range': etag }), 'clip.mp4');
    expect(current.status).toBe(206);
    expect(await bytes(current)).toEqual(small.subarray(0, 10));
    const stale = await served(video, get({ Range: 'bytes=0-9', 'If-Range': '"old-etag"' }), 'clip.mp4');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('content-range')).toBeNull();
    expect(await bytes(stale)).toEqual(small);
  });

  it('changes its ETag when the file changes', async () => {
    const path = join(dir, 'changing.mp4');
    await writeFile(path, 'one');
    const first = (await served(path, get({}, 'HEAD'), 'changing.mp4')).headers.get('etag');
    await writeFile(path, 'two!');
    const second = (await served(path, get({}, 'HEAD'), 'changing.mp4')).headers.get('etag');
    expect(second).not.toBe(first);
  });

  it('answers 404 JSON for a missing file or a folder', async () => {
    for (const path of [join(dir, 'nope.mp4'), dir]) {
      const response = await served(path, get(), 'nope.mp4');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    }
  });

  it('serves an empty file as 200 with no body, and 416 to a range', async () => {
    const empty = join(dir, 'empty.mp4');
    await writeFile(empty, '');
    const response = await served(empty, get(), 'empty.mp4');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-length')).toBe('0');
    expect((await bytes(response)).length).toBe(0);
    expect((await served(empty, get({ Range: 'bytes=0-' }), 'empty.mp4')).status).toBe(416);
  });

  it('names the type by extension, and sanitises the file name it offers', async () => {
    const webm = join(dir, 'x.WEBM');
    const other = join(dir, 'x.bin');
    await writeFile(webm, 'w');
    await writeFile(other, 'b');
    expect((await served(webm, get(), 'x.webm')).headers.get('content-type')).toBe('video/webm');
    expect((await served(other, get(), 'x.bin')).headers.get('content-type')).toBe('application/octet-stream');
    const response = await served(video, get(), 'a "b"\r\nSet-Cookie: x=1.mp4');
    expect(response.headers.get('content-disposition')).toBe('inline; filename="a__b___Set-Cookie__x_1.mp4"');
  });

  it('streams: a 1 KB range of a 4 MB file reads exactly that 1 KB, from a ReadableStream', async () => {
    const start = 3 * 1024 * 1024 + 17;
    const response = await served(big, get({ Range: `bytes=${start}-${start + 1023}` }), 'big.mp4');
    expect(response.status).toBe(206);
    expect(response.body).toBeInstanceOf(ReadableStream);
    expect(response.headers.get('content-length')).toBe('1024');
    const body = await bytes(response);
    expect(body.length).toBe(1024);
    expect(body.equals(bigBytes.subarray(start, start + 1024))).toBe(true);
  });

  it('streams: a 1 KB range deep inside a 3 GiB file (larger than Node can buffer) comes back at once', async () => {
    // A sparse file: 3 GiB long, a marked kilobyte at 2.5 GiB, no disk used. Reading it whole would fail (ERR_FS_FILE_TOO_LARGE).
    const huge = join(dir, 'huge.mp4');
    const size = 3 * 1024 ** 3;
    const at = 2.5 * 1024 ** 3;
    const marked = pattern(1024);
    const handle = await open(huge, 'w');
    await handle.truncate(size);
    await handle.write(marked, 0, marked.length, at);
    await handle.close();
    const response = await served(huge, get({ Range: `bytes=${at}-${at + 1023}` }), 'huge.mp4');
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${at}-${at + 1023}/${size}`);
    expect(await bytes(response)).toEqual(marked);
    // The whole file is offered with its full length, and its first bytes arrive without reading the rest.
    const full = await served(huge, get(), 'huge.mp4');
    expect(full.status).toBe(200);
    expect(full.headers.get('content-length')).toBe(String(size));
    const reader = full.body!.getReader();
    const first = await reader.read();
    expect(first.value!.byteLength).toBeGreaterThan(0);
    await reader.cancel();
  });

  it('closes the file as soon as a viewer drops the video partway, even with a chunk being read, and raises nothing', async () => {
    const openFiles = () => process.getActiveResourcesInfo().filter((kind) => kind === 'FileHandle').length;
    const before = openFiles();
    const dropped = (await served(big, get(), 'big.mp4')).body!.getReader();
    expect((await dropped.read()).value!.byteLength).toBeGreaterThan(0);
    await dropped.cancel();
    // Dropped while the next chunk is still being read from disk.
    const racing = (await served(big, get({ Range: 'bytes=100-' }), 'big.mp4')).body!.getReader();
    await racing.read();
    const inFlight = racing.read();
    await racing.cancel();
    expect((await inFlight).done).toBe(true);
    await expect.poll(openFiles).toBe(before);
  });

  it('streams the whole of a large file in chunks, not one buffer', async () => {
    const response = await served(big, get(), 'big.mp4');
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(first.done).toBe(false);
    // The first chunk is a piece of the file, not all of it.
    expect(first.value!.byteLength).toBeGreaterThan(0);
    expect(first.value!.byteLength).toBeLessThan(BIG);
    let total = first.value!.byteLength;
    let chunks = 1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      chunks += 1;
    }
    expect(total).toBe(BIG);
    expect(chunks).toBeGreaterThan(1);
  });
});
