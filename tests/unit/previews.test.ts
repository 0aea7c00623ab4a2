import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCatalog, checkLockedStreams, needsOperator } from '@/lib/catalog/check';
import { createLocalStore } from '@/lib/catalog/local';
import { createCatalog } from '@/lib/catalog/reads';
import { movieDocSchema } from '@/lib/catalog/schemas';
import type { RawDocument } from '@/lib/catalog/store';
import { previewRendition } from '@/lib/media/preview-playlists';
import { decryptSegment } from '@/lib/media/segment-cipher';

const rendition = (durations: number[], sequence = 0) =>
  [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    '#EXT-X-TARGETDURATION:2',
    `#EXT-X-MEDIA-SEQUENCE:${sequence}`,
    '#EXT-X-PLAYLIST-TYPE:VOD',
    '#EXT-X-KEY:METHOD=AES-128,URI="key"',
    ...durations.flatMap((d, i) => [`#EXTINF:${d.toFixed(6)},`, `240p_${String(i).padStart(3, '0')}.m2ts`]),
    '#EXT-X-ENDLIST',
    '',
  ].join('\n');

describe('a preview cut', () => {
  it('keeps the first segments whose durations fit, names no key, and ends', () => {
    const cut = previewRendition(rendition([2, 2, 2, 2, 0.5]), 5)!;
    expect([...cut.sequences]).toEqual([
      ['240p_000.m2ts', 0],
      ['240p_001.m2ts', 1],
    ]);
    expect(cut.seconds).toBe(4);
    expect(cut.playlist).not.toContain('EXT-X-KEY');
    expect(cut.playlist).not.toContain('240p_002.m2ts');
    expect(cut.playlist.trim().split('\n').slice(-3)).toEqual(['#EXTINF:2.000000,', '240p_001.m2ts', '#EXT-X-ENDLIST']);
    expect(cut.playlist).toContain('#EXT-X-MEDIA-SEQUENCE:0');
  });

  it('takes a preview that ends on a segment boundary whole, and numbers segments from the media sequence', () => {
    expect([...previewRendition(rendition([2, 2, 2]), 4)!.sequences.values()]).toEqual([0, 1]);
    expect([...previewRendition(rendition([2, 2, 2], 7), 6)!.sequences.values()]).toEqual([7, 8, 9]);
  });

  it('is nothing when not even the first segment fits, or the stream is one the site refuses', () => {
    expect(previewRendition(rendition([2, 2]), 1.5)).toBeNull();
    expect(previewRendition(rendition([2, 2]).replace('#EXT-X-KEY:METHOD=AES-128,URI="key"\n', ''), 10)).toBeNull();
  });

  it('decrypts the embedded preview’s segments to MPEG-TS under its stream’s key', () => {
    const id = 'documentaries-songs-from-the-salt-flats-5dc15d00df60';
    const key = readFileSync('media-private/stream-keys.txt', 'utf8')
      .split('\n')
      .find((line) => line.startsWith(id))!
      .split(' ')[1]!;
    const bytes = readFileSync(`public/media/streams/${id}/240p_001.m2ts`);
    expect(bytes[0]).not.toBe(0x47);
    const clear = decryptSegment(bytes, Buffer.from(key, 'hex'), 1);
    expect(clear[0]).toBe(0x47);
    // The IV is the segment's sequence number: another one garbles its first block.
    expect(decryptSegment(bytes, Buffer.from(key, 'hex'), 0).subarray(0, 16)).not.toEqual(clear.subarray(0, 16));
  });
});

const doc = (path: string, data: object): RawDocument => ({ id: path.split('/').at(-1)!, path, data });
const STREAM = 'stream:/media/streams/trailers-far-0123456789ab';
const movie = (id: string, extra: object) => doc(`trailers/${id}`, { title: id, coverimg: '/c.jpg', videourl: STREAM, locked: true, ...extra });

describe('previewSeconds in the catalog', () => {
  it('is read as seconds; a value that is no length is no preview, and the title stays', () => {
    const parse = (previewSeconds: unknown) => movieDocSchema.parse({ title: 'T', videourl: STREAM, locked: true, previewSeconds }).previewSeconds;
    expect(parse(120)).toBe(120);
    expect(parse('90')).toBe(90);
    for (const nonsense of [0, -5, 'two minutes', 99_999, true]) expect(parse(nonsense), String(nonsense)).toBeUndefined();
  });

  it('catalog:check names nonsense, a free title, and a video that cannot be cut', async () => {
    const documents = [
      movie('fine', { previewSeconds: 4 }),
      movie('zero', { previewSeconds: 0 }),
      movie('words', { previewSeconds: 'two minutes' }),
      movie('long', { previewSeconds: 7200 }),
      movie('free', { previewSeconds: 60, locked: false }),
      movie('file', { previewSeconds: 60, videourl: 'private:film.mp4' }),
      movie('mux', { previewSeconds: 60, videourl: 'https://stream.mux.com/abc123.m3u8' }),
      movie('short', { previewSeconds: 1, videourl: 'stream:/media/streams/trailers-short-0123456789ab' }),
    ];
    const playlists: Record<string, string> = { 'master.m3u8': '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n240p.m3u8\n', '240p.m3u8': rendition([2, 2]) };
    const check = await checkLockedStreams(
      checkCatalog(
        documents,
        () => true,
        () => null,
        (url) => url.includes('mux.com'),
      ),
      async (_, name) => playlists[name] ?? null,
    );
    const messages = Object.fromEntries(check.previews.map((f) => [f.path.slice('trailers/'.length), f.message]));
    expect(Object.keys(messages).sort()).toEqual(['file', 'free', 'long', 'mux', 'short', 'words', 'zero']);
    expect(messages.zero).toMatch(/^previewSeconds: 0 is no length/);
    expect(messages.words).toMatch(/"two minutes" is not a number of seconds/);
    expect(messages.long).toMatch(/longer than a preview may be \(1800 s\)/);
    expect(messages.free).toMatch(/free title, which every visitor plays whole/);
    expect(messages.file).toMatch(/a single file, which cannot be cut.*npm run media:package/);
    expect(messages.mux).toMatch(/a Mux asset, which the site cannot cut/);
    expect(messages.short).toMatch(/shorter than the stream's first segment/);
    expect(check.broken).toEqual([]);
    expect(needsOperator(check)).toBe(true);
  });
});

describe('a title with a preview, as the catalog reads it', () => {
  const store = createLocalStore([
    movie('with', { previewSeconds: 4 }),
    movie('file', { previewSeconds: 4, videourl: 'private:film.mp4' }),
    movie('nonsense', { previewSeconds: -1 }),
  ]);
  const catalog = createCatalog(store, { warn: () => {} });

  it('tells the page there is a preview (never the stream) and the media route how long it is', async () => {
    const shown = await catalog.getMovie('trailers', 'with');
    expect(shown).toMatchObject({ locked: true, stream: true, preview: true });
    expect(JSON.stringify(shown)).not.toContain('trailers-far');
    expect(await catalog.getVideo('trailers/with')).toMatchObject({ previewSeconds: 4 });
  });

  it('offers none for a video it cannot cut or a length that is none', async () => {
    expect(await catalog.getMovie('trailers', 'file')).not.toHaveProperty('preview');
    expect(await catalog.getMovie('trailers', 'nonsense')).not.toHaveProperty('preview');
    expect(await catalog.getVideo('trailers/nonsense')).not.toHaveProperty('previewSeconds');
  });
});
