import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lockedRenditionProblem, lockedStreamProblem, masterForOwner, renditionForOwner, streamFileKind } from '@/lib/media/hls-playlists';
import { freePlayUrl, videoSource } from '@/lib/media/source';
import { contentTypeOf } from '@/scripts/media/package/storage';

const ID = 'trailers-iron-meridian-f77aae3f94b0';

describe('stream: sources', () => {
  it('reads a packaged stream on the site or on an https origin, and plays a free one from its master playlist', () => {
    const local = videoSource(`stream:/media/streams/${ID}`);
    expect(local).toEqual({ kind: 'stream', base: `/media/streams/${ID}`, id: ID, name: 'master.m3u8' });
    expect(freePlayUrl(local!)).toBe(`/media/streams/${ID}/master.m3u8`);
    expect(videoSource(`stream:https://cdn.example.com/streams/${ID}`)).toMatchObject({ base: `https://cdn.example.com/streams/${ID}`, id: ID });
  });

  it('refuses a base it could not serve safely: no id, a climb, plain http, a query', () => {
    for (const url of [
      'stream:/media/streams/no-hash',
      `stream:/media/../${ID}`,
      `stream:http://cdn.example.com/${ID}`,
      `stream:https://cdn.example.com/${ID}?x=1`,
      `stream:gs://bucket/${ID}`,
    ]) {
      expect(videoSource(url), url).toBeNull();
    }
  });
});

const MASTER = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=510400,RESOLUTION=426x240\n240p.m3u8\n';
// As media:package writes it: no IV attribute, so each segment's IV is its media sequence number (RFC 8216 §5.2).
const RENDITION = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-MEDIA-SEQUENCE:0',
  '#EXT-X-KEY:METHOD=AES-128,URI="key"',
  '#EXTINF:4.000000,',
  '240p_000.m2ts',
  '#EXTINF:0.500000,',
  '240p_001.m2ts',
  '#EXT-X-ENDLIST',
].join('\n');
const KEY_LINE = '#EXT-X-KEY:METHOD=AES-128,URI="key"\n';
const SEGMENT_0 = '#EXTINF:4.000000,\n240p_000.m2ts\n';

describe('a locked stream’s playlists as a buyer gets them', () => {
  it('names only the master, renditions and the key as files under a link', () => {
    expect(['master.m3u8', '1080p.m3u8', 'key', '240p_000.m2ts', '../key', 'x.mp4'].map(streamFileKind)).toEqual([
      'master',
      'rendition',
      'key',
      null,
      null,
      null,
    ]);
  });

  it('keeps renditions relative (under the link) and puts segments at the public base, the key at `key`', () => {
    expect(masterForOwner(MASTER)).toBe(MASTER);
    const served = renditionForOwner(RENDITION.replace('URI="key"', 'URI="https://elsewhere/k"'), '/media/streams/x');
    expect(served).toContain('/media/streams/x/240p_000.m2ts');
    expect(served).toContain('URI="key"');
  });

  it('still serves a stream packaged with an explicit IV (before segments got one each)', () => {
    expect(renditionForOwner(RENDITION.replace('URI="key"', 'URI="key",IV=0x00000000000000000000000000000000'), '/b')).toContain('IV=0x');
  });

  it('refuses a rendition without an AES-128 key (a stream packaged free) and playlists naming other files', () => {
    expect(lockedRenditionProblem(RENDITION.replace(KEY_LINE, ''))).toMatch(/^no AES-128 key/);
    expect(renditionForOwner(RENDITION.replace(KEY_LINE, ''), '/b')).toBeNull();
    expect(lockedRenditionProblem(RENDITION.replace('240p_000.m2ts', 'https://evil.example/x.m2ts'))).toMatch(/is not one of the stream's segments/);
    expect(masterForOwner(MASTER.replace('240p.m3u8', '../../other/240p.m3u8'))).toBeNull();
  });

  it('refuses a rendition with any segment not under an AES-128 key: it would be fetched in the clear', () => {
    const bad = {
      'a segment before the first key': RENDITION.replace(KEY_LINE + SEGMENT_0, SEGMENT_0 + KEY_LINE),
      'a duration before the first key, its segment after it': RENDITION.replace(KEY_LINE + '#EXTINF:4.000000,\n', '#EXTINF:4.000000,\n' + KEY_LINE),
      'a segment after METHOD=NONE': RENDITION.replace('#EXTINF:0.5', '#EXT-X-KEY:METHOD=NONE\n#EXTINF:0.5'),
      'a key other than AES-128': RENDITION.replace('METHOD=AES-128,URI="key"', 'METHOD=SAMPLE-AES,URI="key"') + '\n' + KEY_LINE,
    };
    const problems = Object.fromEntries(Object.entries(bad).map(([form, text]) => [form, lockedRenditionProblem(text)]));
    expect(problems).toEqual({
      'a segment before the first key': 'line 4 (#EXTINF:4.000000,) comes before the first AES-128 key: that segment is in the clear',
      'a duration before the first key, its segment after it': 'line 4 (#EXTINF:4.000000,) comes before the first AES-128 key: that segment is in the clear',
      'a segment after METHOD=NONE': 'line 8 (#EXTINF:0.500000,) comes after METHOD=NONE: that segment is in the clear',
      'a key other than AES-128': 'line 4 (#EXT-X-KEY:METHOD=SAMPLE-AES,URI="key") is not an AES-128 key as media:package writes it',
    });
    for (const text of Object.values(bad)) expect(renditionForOwner(text, '/b')).toBeNull();
    // METHOD=NONE with no segment after it leaves nothing in the clear.
    expect(lockedRenditionProblem(RENDITION.replace('#EXT-X-ENDLIST', '#EXT-X-KEY:METHOD=NONE\n#EXT-X-ENDLIST'))).toBeNull();
  });

  it('names the playlist at fault for catalog:check and media:package', async () => {
    const stream = (files: Record<string, string>) => lockedStreamProblem('/media/streams/x', async (name) => files[name] ?? null);
    expect(await stream({ 'master.m3u8': MASTER, '240p.m3u8': RENDITION })).toBeNull();
    expect(await stream({ 'master.m3u8': MASTER, '240p.m3u8': RENDITION.replace(KEY_LINE + SEGMENT_0, SEGMENT_0 + KEY_LINE) })).toBe(
      '/media/streams/x/240p.m3u8: line 4 (#EXTINF:4.000000,) comes before the first AES-128 key: that segment is in the clear',
    );
    expect(await stream({ 'master.m3u8': MASTER })).toBe('/media/streams/x/240p.m3u8: cannot be read');
    expect(await stream({})).toBe('/media/streams/x/master.m3u8 cannot be read');
  });
});

describe('a packaged stream uploaded to Cloud Storage (media:package --out gs://…)', () => {
  it('gives every file the embedded streams hold the type a player expects: playlists as HLS, segments as MPEG-TS', () => {
    const files = readdirSync('public/media/streams', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const { name } of files) expect(contentTypeOf(name), name).toBe(name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
  });
});
