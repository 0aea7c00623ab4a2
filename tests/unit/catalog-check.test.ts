import { describe, expect, it } from 'vitest';
import { checkCatalog, checkLockedStreams, needsOperator } from '@/lib/catalog/check';
import type { RawDocument } from '@/lib/catalog/store';
import { documentsToWrite } from '@/lib/catalog/derived-fields';
import { treeOf } from '@/lib/catalog/tree-state';

const doc = (path: string, data: object): RawDocument => ({ id: path.split('/').at(-1)!, path, data });
const indexed = (documents: RawDocument[]) => documentsToWrite(documents).filter((d) => treeOf(d.path));
const covers = (cover: string) => !cover.includes('missing');
const noPolicy = () => null;

const healthy = [
  doc('trailers/t', { title: 'Orbit', coverimg: '/covers/orbit.jpg', videourl: '/v/orbit.mp4', locked: false }),
  doc('series/s', { title: 'Harbor', coverimg: '/covers/harbor.jpg', locked: true }),
  doc('series/s/seasons/one', { title: 'Season 1', coverimg: '/covers/one.jpg', seasonNumber: 1 }),
  doc('series/s/seasons/one/episodes/e1', { episodeNumber: 1, title: 'Pilot', coverimg: '/covers/e1.jpg', videourl: 'private:pilot.mp4' }),
];

describe('npm run catalog:check', () => {
  it('finds nothing to do in an indexed, healthy catalog', () => {
    const check = checkCatalog(indexed(healthy), covers, noPolicy);
    expect(needsOperator(check)).toBe(false);
    expect(check).toMatchObject({
      broken: [],
      unindexed: [],
      publicPaidVideos: [],
      missingCovers: [],
      refusedVideos: [],
      refusedStreams: [],
      withoutCover: [],
    });
  });

  it('names every kind of problem, with the reason and what to do', () => {
    const documents = [
      ...indexed(healthy),
      // Written by hand after the last sync, with a public video under a locked series and a cover that is not there.
      doc('series/s/seasons/one/episodes/e2', { episodeNumber: 2, title: 'Leak', coverimg: '/covers/missing.jpg', videourl: 'https://cdn.example.com/e2.mp4' }),
      doc('documentaries/broken', { coverimg: '', videourl: '/v/x.mp4' }),
      doc('series/gone/seasons/one', { title: 'Left behind', seasonNumber: 1 }),
      doc('shortFilms/f', { title: 'Drift', videourl: 'not a url' }),
      doc('trailers/far', { title: 'Far', videourl: 'https://video.example.org/far.mp4' }),
      doc('trailers/the.moth', { title: 'Moth', videourl: '/v/moth.mp4' }),
    ];
    const check = checkCatalog(documents, covers, (url) => (url.includes('example.org') ? 'add MEDIA_HOSTS=https://video.example.org' : null));
    expect(needsOperator(check)).toBe(true);
    expect(check.broken.map((f) => f.path)).toEqual(['documentaries/broken', 'trailers/the.moth', 'series/gone/seasons/one']);
    expect(check.broken[1]!.message).toMatch(/its id "the.moth" is not one the site can address/);
    expect(check.broken[0]!.message).toMatch(/^title: /);
    expect(check.broken[2]!.message).toMatch(/parent series\/gone is missing/);
    expect(check.unindexed.sort()).toEqual(['documentaries/broken', 'series/s', 'shortFilms/f', 'trailers/far']);
    expect(check.publicPaidVideos).toEqual([{ path: 'series/s/seasons/one/episodes/e2', message: expect.stringMatching(/locked.*private:/) }]);
    expect(check.missingCovers).toEqual([{ path: 'series/s/seasons/one/episodes/e2', message: 'cover /covers/missing.jpg does not exist' }]);
    expect(check.refusedVideos).toEqual([{ path: 'trailers/far', message: 'add MEDIA_HOSTS=https://video.example.org' }]);
    expect(check.withoutCover).toEqual(['shortFilms/f', 'trailers/far']);
  });
});

describe('catalog:check and packaged streams', () => {
  const STREAM = 'stream:https://cdn.example.org/streams/trailers-far-0123456789ab';
  it('takes a locked stream as protected, and checks the policy for a stream on another host', () => {
    const documents = indexed([
      doc('trailers/far', { title: 'Far', coverimg: '/covers/far.jpg', videourl: STREAM, locked: true }),
      doc('trailers/near', { title: 'Near', coverimg: '/covers/near.jpg', videourl: 'stream:/media/streams/trailers-near-0123456789ab', locked: false }),
    ]);
    const asked: string[] = [];
    const check = checkCatalog(documents, covers, (url) => (asked.push(url), url.includes('example.org') ? 'add MEDIA_HOSTS=https://cdn.example.org' : null));
    expect(check.publicPaidVideos).toEqual([]);
    expect(check.broken).toEqual([]);
    expect(check.refusedVideos).toEqual([{ path: 'trailers/far', message: 'add MEDIA_HOSTS=https://cdn.example.org' }]);
    expect(asked).toContain(STREAM);
  });

  it('reads each locked stream once and reports one the site would refuse, naming the playlist with a segment in the clear', async () => {
    const master = '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n240p.m3u8\n';
    const rendition = (key: string) => `#EXTM3U\n${key}#EXTINF:4,\n240p_000.m2ts\n#EXT-X-ENDLIST\n`;
    const files: Record<string, string> = {
      'https://cdn.example.org/streams/trailers-far-0123456789ab/master.m3u8': master,
      'https://cdn.example.org/streams/trailers-far-0123456789ab/240p.m3u8': rendition('#EXT-X-KEY:METHOD=AES-128,URI="key"\n'),
      '/media/streams/series-s-0123456789ab/master.m3u8': master,
      '/media/streams/series-s-0123456789ab/240p.m3u8': rendition(''),
    };
    const documents = indexed([
      doc('trailers/far', { title: 'Far', coverimg: '/covers/far.jpg', videourl: STREAM, locked: true }),
      doc('series/s', { title: 'Harbor', coverimg: '/covers/harbor.jpg', locked: true }),
      doc('series/s/seasons/one', { title: 'Season 1', coverimg: '/covers/one.jpg', seasonNumber: 1 }),
      ...['e1', 'e2'].map((id, i) =>
        doc(`series/s/seasons/one/episodes/${id}`, { episodeNumber: i + 1, title: id, videourl: 'stream:/media/streams/series-s-0123456789ab' }),
      ),
      // Free: played from its public folder, never read.
      doc('trailers/near', { title: 'Near', coverimg: '/covers/near.jpg', videourl: 'stream:/media/streams/trailers-near-0123456789ab', locked: false }),
    ]);
    const read: string[] = [];
    const check = await checkLockedStreams(
      checkCatalog(documents, covers, noPolicy),
      async (base, name) => (read.push(`${base}/${name}`), files[`${base}/${name}`] ?? null),
    );
    expect(read.sort()).toEqual(Object.keys(files).sort());
    const refused = '/media/streams/series-s-0123456789ab/240p.m3u8: no AES-128 key';
    expect(check.refusedStreams).toEqual([
      { path: 'series/s/seasons/one/episodes/e1', message: expect.stringContaining(refused) },
      { path: 'series/s/seasons/one/episodes/e2', message: expect.stringContaining(refused) },
    ]);
    expect(check.refusedStreams[0]!.message).toMatch(/package it again \(npm run media:package\)$/);
    expect(needsOperator(check)).toBe(true);
  });
});
