import { describe, expect, it } from 'vitest';
import { documentIdSchema, episodeDocSchema, movieDocSchema, seasonDocSchema, seriesDocSchema, subtitleSchema } from '@/lib/catalog/schemas';

describe('catalog document schemas', () => {
  it('fills a movie’s missing optional fields with their defaults', () => {
    const movie = movieDocSchema.parse({ title: 'Night Bloom', videourl: '/media/clips/a.mp4' });
    expect(movie).toEqual({
      title: 'Night Bloom',
      videourl: '/media/clips/a.mp4',
      type: 'Movie',
      locked: false,
      description: '',
      coverimg: null,
      subtitles: { tracks: [], skipped: [] },
      // No price of its own: the site's default price, in SOL.
      pricing: { kind: 'default' },
    });
  });

  it('turns an empty cover into null so the default image is shown', () => {
    expect(movieDocSchema.parse({ title: 'A', videourl: 'x', coverimg: '' }).coverimg).toBeNull();
    expect(movieDocSchema.parse({ title: 'A', videourl: 'x', coverimg: '  ' }).coverimg).toBeNull();
  });

  it('replaces an unusable type with the default instead of dropping the title', () => {
    expect(movieDocSchema.parse({ title: 'A', videourl: 'x', type: 42 }).type).toBe('Movie');
  });

  it('rejects documents without what the page cannot do without', () => {
    expect(movieDocSchema.safeParse({ videourl: 'x' }).success).toBe(false);
    expect(movieDocSchema.safeParse({ title: 'A' }).success).toBe(false);
    expect(seasonDocSchema.safeParse({ title: 'S1' }).success).toBe(false);
    expect(episodeDocSchema.safeParse({ title: 'E', videourl: 'x', episodeNumber: -1 }).success).toBe(false);
    expect(seriesDocSchema.safeParse({ title: 7 }).success).toBe(false);
  });

  it('accepts counts stored as numeric strings', () => {
    expect(seasonDocSchema.parse({ title: 'S', seasonNumber: '2' }).seasonNumber).toBe(2);
  });

  it('accepts Firestore ids and refuses anything that could escape a path', () => {
    expect(documentIdSchema.safeParse('the-salt-road_2').success).toBe(true);
    for (const bad of ['', 'a/b', '..', 'a b', 'x'.repeat(129), '%2F', '__proto__', '__x__']) expect(documentIdSchema.safeParse(bad).success).toBe(false);
    expect(documentIdSchema.safeParse('constructor').success).toBe(true);
  });
});

describe('subtitles', () => {
  const en = { lang: 'en', label: 'English', src: '/media/captions/a.en.vtt' };
  const pt = { lang: 'pt-br', label: 'Português (Brasil)', src: '/media/captions/a.pt-BR.vtt' };

  it('keeps valid tracks of movies and episodes, with language tags in their canonical spelling', () => {
    const movie = movieDocSchema.parse({ title: 'A', videourl: 'x', subtitles: [en, pt] });
    expect(movie.subtitles).toEqual({ tracks: [en, { ...pt, lang: 'pt-BR' }], skipped: [] });
    const episode = episodeDocSchema.parse({ title: 'E', videourl: 'x', episodeNumber: 1, subtitles: [en] });
    expect(episode.subtitles.tracks).toEqual([en]);
  });

  it('gives a title without subtitles (missing or null) an empty list', () => {
    expect(movieDocSchema.parse({ title: 'A', videourl: 'x' }).subtitles).toEqual({ tracks: [], skipped: [] });
    expect(episodeDocSchema.parse({ title: 'E', videourl: 'x', episodeNumber: 1, subtitles: null }).subtitles).toEqual({ tracks: [], skipped: [] });
  });

  it('skips broken entries and says why, keeping the title and its good tracks', () => {
    const broken = [
      { lang: 'english!', label: 'English', src: '/media/captions/a.vtt' },
      { lang: 'fr', label: '', src: '/media/captions/a.fr.vtt' },
      { lang: 'de', label: 'Deutsch', src: 'https://cdn.example.com/a.de.vtt' },
      { lang: 'es', label: 'Español', src: '/media/../../etc/passwd.vtt' },
      { lang: 'it', label: 'Italiano', src: '/media/captions/a.it.srt' },
      { lang: 'ja', label: '日本語', src: '//evil.example/a.vtt' },
      'en',
      { ...en, label: 'English again' },
    ];
    const result = movieDocSchema.safeParse({ title: 'A', videourl: 'x', subtitles: [en, ...broken] });
    expect(result.success).toBe(true);
    const { tracks, skipped } = result.data!.subtitles;
    expect(tracks).toEqual([en]);
    expect(skipped).toHaveLength(broken.length);
    expect(skipped[0]).toMatch(/^subtitles\.1: lang: expected a BCP-47 language tag/);
    expect(skipped[1]).toMatch(/^subtitles\.2: label:/);
    expect(skipped[2]).toMatch(/^subtitles\.3: src: expected a path on this site/);
    expect(skipped[3]).toMatch(/^subtitles\.4: src: must not climb out/);
    expect(skipped[7]).toBe('subtitles.8: a second en track');
  });

  it('reports a subtitles field that is not a list, and keeps the title', () => {
    const movie = movieDocSchema.parse({ title: 'A', videourl: 'x', subtitles: '/media/captions/a.vtt' });
    expect(movie.subtitles).toEqual({ tracks: [], skipped: ['subtitles: expected a list of { lang, label, src }'] });
  });

  it('accepts one track on its own by the same rules', () => {
    expect(subtitleSchema.safeParse(en).success).toBe(true);
    expect(subtitleSchema.safeParse({ ...en, lang: 'zh-Hant-TW' }).success).toBe(true);
    expect(subtitleSchema.safeParse({ ...en, src: 'private:captions/a.vtt' }).success).toBe(false);
  });
});
