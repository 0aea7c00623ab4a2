import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { masterForOwner, renditionForOwner, streamFileKind } from '@/lib/media/hls-playlists';
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
const RENDITION = [
  '#EXTM3U',
  '#EXT-X-TARGETDURATION:4',
  '#EXT-X-KEY:METHOD=AES-128,URI="key",IV=0x00000000000000000000000000000000',
  '#EXTINF:4.000000,',
  '240p_000.m2ts',
  '#EXT-X-ENDLIST',
].join('\n');

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

  it('refuses a rendition without an AES-128 key (a stream packaged free) and playlists naming other files', () => {
    expect(renditionForOwner(RENDITION.replace(/#EXT-X-KEY.*\n/, ''), '/b')).toBeNull();
    expect(renditionForOwner(RENDITION.replace('240p_000.m2ts', 'https://evil.example/x.m2ts'), '/b')).toBeNull();
    expect(masterForOwner(MASTER.replace('240p.m3u8', '../../other/240p.m3u8'))).toBeNull();
  });
});

describe('a packaged stream uploaded to Cloud Storage (media:package --out gs://…)', () => {
  it('gives every file the embedded streams hold the type a player expects: playlists as HLS, segments as MPEG-TS', () => {
    const files = readdirSync('public/media/streams', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const { name } of files) expect(contentTypeOf(name), name).toBe(name.endsWith('.m3u8') ? 'application/vnd.apple.mpegurl' : 'video/mp2t');
  });
});
