import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { embeddedDocuments } from '@/lib/catalog/embedded';
import { createLocalStore } from '@/lib/catalog/local';
import { allOf } from '../fixtures/catalog-documents';

const warn = vi.fn();
const catalog = createCatalog(createLocalStore(), { warn });
const PUBLIC = join(process.cwd(), 'public');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

/** A (faststart) MP4's duration in seconds, from its movie header box. */
function mp4Seconds(file: string): number {
  const bytes = readFileSync(file);
  const box = bytes.indexOf('mvhd');
  const version1 = bytes[box + 4] === 1;
  const timescale = bytes.readUInt32BE(box + (version1 ? 24 : 16));
  const duration = version1 ? Number(bytes.readBigUInt64BE(box + 28)) : bytes.readUInt32BE(box + 20);
  return duration / timescale;
}

/** A clip's length: an MP4's header, or a packaged stream's first rendition, its segments' EXTINF summed. */
function clipSeconds(videourl: string): number {
  if (!videourl.startsWith('stream:')) return mp4Seconds(join(PUBLIC, videourl));
  const folder = join(PUBLIC, videourl.slice('stream:'.length));
  const rendition = readFileSync(join(folder, 'master.m3u8'), 'utf8')
    .split('\n')
    .find((line) => line.endsWith('.m3u8'))!;
  const playlist = readFileSync(join(folder, rendition), 'utf8');
  return [...playlist.matchAll(/^#EXTINF:([\d.]+)/gm)].reduce((sum, m) => sum + Number(m[1]), 0);
}

/** Every cue's [start, end] in seconds; the file must be WebVTT. */
function cueTimes(vtt: string): [number, number][] {
  expect(vtt.startsWith('WEBVTT')).toBe(true);
  const seconds = (time: string) => time.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  return [...vtt.matchAll(/^((?:\d+:)?\d{2}:\d{2}\.\d{3}) --> ((?:\d+:)?\d{2}:\d{2}\.\d{3})/gm)].map((m) => [seconds(m[1]!), seconds(m[2]!)]);
}

/** The embedded catalog is what a fresh clone shows: it must be complete, valid and self-contained. */
describe('embedded catalog (content/)', () => {
  it('parses every document without skipping one', async () => {
    const [trailers, documentaries, series, films] = await Promise.all([
      allOf(catalog.listMovies('trailers', { size: 1000 })),
      allOf(catalog.listMovies('documentaries', { size: 1000 })),
      allOf(catalog.listSeries({ size: 1000 })),
      allOf(catalog.listShortFilms({ size: 1000 })),
    ]);
    for (const s of series) await catalog.getSeries(s.id).then((d) => Promise.all(d!.seasons.items.map((x) => catalog.getSeason(s.id, x.id))));
    for (const f of films) await catalog.getShortFilm(f.id);
    // Skips nothing; the one warning is the deliberate example of a locked title on a public host (Vimeo),
    // which the operator is told is not protected.
    expect(warn.mock.calls).toEqual([[expect.stringMatching(/^\[catalog\] trailers\/orbit-of-wolves: locked, but its video is a public URL/)]]);
    expect(trailers.length).toBeGreaterThanOrEqual(8);
    expect(documentaries.length).toBeGreaterThanOrEqual(6);
    expect(series.length).toBeGreaterThanOrEqual(6);
    expect(films.length).toBeGreaterThanOrEqual(6);
  });

  it('has seasons of 2–6 episodes but exactly one empty season, and short films of 1–4 episodes', async () => {
    const counts: number[] = [];
    for (const s of await allOf(catalog.listSeries({ size: 1000 }))) {
      const detail = await catalog.getSeries(s.id);
      expect(detail!.seasons.items.length).toBeGreaterThanOrEqual(1);
      expect(detail!.seasons.items.length).toBeLessThanOrEqual(3);
      for (const season of detail!.seasons.items) counts.push((await catalog.getSeason(s.id, season.id))!.episodes.items.length);
    }
    expect(counts.filter((n) => n === 0)).toHaveLength(1);
    expect(counts.filter((n) => n !== 0).every((n) => n >= 2 && n <= 6)).toBe(true);
    for (const f of await allOf(catalog.listShortFilms({ size: 1000 }))) {
      const episodes = (await catalog.getShortFilm(f.id))!.episodes.items.length;
      expect(episodes).toBeGreaterThanOrEqual(1);
      expect(episodes).toBeLessThanOrEqual(4);
    }
  });

  it('keeps counts consistent with the documents beneath them', async () => {
    for (const s of await allOf(catalog.listSeries({ size: 1000 }))) {
      const detail = (await catalog.getSeries(s.id))!;
      expect(detail.totalSeasons).toBe(detail.seasons.items.length);
      let total = 0;
      for (const season of detail.seasons.items) {
        const episodes = (await catalog.getSeason(s.id, season.id))!.episodes.items.length;
        expect(season.totalEpisodes).toBe(episodes);
        total += episodes;
      }
      expect(detail.episodeCount).toBe(total);
    }
    for (const f of await allOf(catalog.listShortFilms({ size: 1000 }))) expect(f.episodeCount).toBe((await catalog.getShortFilm(f.id))!.episodes.items.length);
  });

  it('locks about a third of the titles and opens the home page on a free hero', async () => {
    const titles = [
      ...(await allOf(catalog.listMovies('trailers', { size: 1000 }))),
      ...(await allOf(catalog.listMovies('documentaries', { size: 1000 }))),
      ...(await allOf(catalog.listSeries({ size: 1000 }))),
      ...(await allOf(catalog.listShortFilms({ size: 1000 }))),
    ];
    const share = titles.filter((t) => t.locked).length / titles.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.45);
    expect((await allOf(catalog.listMovies('trailers', { size: 1000 })))[0]?.locked).toBe(false);
  });

  it('demonstrates the cover fallback: one missing cover and one broken cover path', () => {
    const covers = embeddedDocuments().map((doc) => (doc.data as { coverimg?: string }).coverimg);
    expect(covers.filter((c) => c === '' || c === undefined)).toHaveLength(1);
    const local = covers.filter((c): c is string => Boolean(c?.startsWith('/')));
    expect(local.filter((c) => !existsSync(join(PUBLIC, c)))).toHaveLength(1);
  });

  it('ships every local video it names', () => {
    const videos = embeddedDocuments()
      .map((doc) => (doc.data as { videourl?: string }).videourl)
      .filter((v): v is string => Boolean(v?.startsWith('/')));
    expect(videos.length).toBeGreaterThan(10);
    for (const video of videos) expect(existsSync(join(PUBLIC, video.split('?')[0]!)), video).toBe(true);
  });

  it('ships real WebVTT subtitles for free titles (a packaged stream among them), in two languages on at least one, timed within each clip', () => {
    const captioned = embeddedDocuments().flatMap((doc) => {
      const { videourl, subtitles } = doc.data as { videourl?: string; subtitles?: { lang: string; src: string }[] };
      return subtitles && videourl ? [{ path: doc.path, videourl, subtitles }] : [];
    });
    expect(captioned.length).toBeGreaterThanOrEqual(2);
    expect(captioned.some((title) => title.subtitles.length >= 2)).toBe(true);
    expect(captioned.some((title) => title.videourl.startsWith('stream:'))).toBe(true);
    for (const { path, videourl, subtitles } of captioned) {
      const seconds = clipSeconds(videourl);
      for (const { src } of subtitles) {
        const cues = cueTimes(readFileSync(join(PUBLIC, src), 'utf8'));
        expect(cues.length, `${path} ${src}`).toBeGreaterThan(0);
        for (const [start, end] of cues) expect(start < end && end <= seconds, `${src}: ${start}–${end} s of a ${seconds} s clip`).toBe(true);
      }
    }
  });

  it('keeps public/ under 10 MB and every file under 2 MB', () => {
    const sizes = filesUnder(PUBLIC).map((file) => ({ file, bytes: statSync(file).size }));
    expect(sizes.reduce((sum, f) => sum + f.bytes, 0)).toBeLessThan(10 * 1024 * 1024);
    expect(sizes.filter((f) => f.bytes >= 2 * 1024 * 1024)).toEqual([]);
  });
});
