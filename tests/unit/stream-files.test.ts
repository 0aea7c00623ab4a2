import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { streamPlaylist } from '@/lib/media/stream-files';

const CAP = 256 * 1024;
const PLAYLIST = '#EXTM3U\n#EXT-X-ENDLIST\n';
const CHUNK = Buffer.alloc(16 * 1024, 0x23);

/** Resolves when the client drops a response: what an aborted fetch looks like from the host. */
const dropped = (response: ServerResponse) => new Promise<void>((resolve) => response.on('close', resolve));
const drops = new Map<string, Promise<void>>();

const server = createServer((request, response) => {
  drops.set(request.url!, dropped(response));
  if (request.url === '/small/240p.m3u8') return response.end(PLAYLIST);
  if (request.url === '/announced/240p.m3u8') {
    // Announces 10 MB and sends one chunk: a client reading the body would wait for the rest until its timeout.
    response.writeHead(200, { 'Content-Length': 10 * 1024 * 1024 });
    return response.write(CHUNK);
  }
  // An endless body, no Content-Length: as fast as the client takes it, until it hangs up.
  const more = () => {
    while (!response.destroyed && response.write(CHUNK));
  };
  response.on('drain', more);
  more();
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve()).closeAllConnections()));
afterEach(() => vi.restoreAllMocks());

describe('a remote stream playlist', () => {
  it('is read whole when it is within 256 KB', async () => {
    expect(await streamPlaylist(`${origin}/small`, '240p.m3u8')).toBe(PLAYLIST);
  });

  it('is refused, and its fetch aborted, once an endless body passes 256 KB', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await streamPlaylist(`${origin}/endless`, '240p.m3u8')).toBeNull();
    await drops.get('/endless/240p.m3u8');
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/endless\/240p\.m3u8: its body passed \d+ bytes, over the 256 KB a playlist may be: refused/));
  });

  it('is refused unread when its Content-Length is over 256 KB', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await streamPlaylist(`${origin}/announced`, '240p.m3u8')).toBeNull();
    await drops.get('/announced/240p.m3u8');
    expect(log).toHaveBeenCalledWith(expect.stringMatching(/its Content-Length is 10485760 bytes/));
  });

  it('is never read past the cap: a body that fails the test when pulled beyond it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        // One chunk past the cap ends the read; the stream may queue one more ahead of the reader, no further.
        expect(pulled).toBeLessThanOrEqual(CAP + 2 * CHUNK.length);
        pulled += CHUNK.length;
        controller.enqueue(new Uint8Array(CHUNK));
      },
    });
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(body));
    expect(await streamPlaylist('https://cdn.example.com/streams/x', '240p.m3u8')).toBeNull();
    expect(pulled).toBeGreaterThan(CAP);
    expect(pulled).toBeLessThanOrEqual(CAP + 2 * CHUNK.length);
  });
});
