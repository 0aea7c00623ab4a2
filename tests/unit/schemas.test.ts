import { describe, expect, it } from 'vitest';
import { documentIdSchema, episodeDocSchema, movieDocSchema, seasonDocSchema, seriesDocSchema } from '@/lib/catalog/schemas';

describe('catalog document schemas', () => {
  it('fills a movie’s missing optional fields with their defaults', () => {
    const movie = movieDocSchema.parse({ title: 'Night Bloom', videourl: '/media/clips/a.mp4' });
    expect(movie).toEqual({ title: 'Night Bloom', videourl: '/media/clips/a.mp4', type: 'Movie', locked: false, description: '', coverimg: null });
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
