import { describe, expect, it } from 'vitest';
import { relatedTo } from '@/lib/catalog/related';
import type { MovieItem } from '@/lib/catalog/types';

const movie = (id: string, title: string, description = ''): MovieItem => ({
  id,
  path: `trailers/${id}`,
  title,
  description,
  coverimg: null,
  collection: 'trailers',
  type: 'Trailer',
  locked: false,
  videourl: `/v/${id}.mp4`,
  subtitles: [],
  pricing: { kind: 'default' },
});

describe('relatedTo', () => {
  const shown = movie('night-train', 'Night Train', 'A sleeper crosses the mountain pass.');
  const list = [
    movie('garden', 'The Garden'),
    shown,
    movie('mountain', 'Cold Mountain'),
    movie('long-night', 'The Long Night'),
    movie('train', 'Last Train Home'),
    movie('river', 'River', 'A train along the river.'),
  ];

  it('never offers the title itself, and those sharing its words come first', () => {
    const ids = relatedTo(shown, list, 6).map((item) => item.id);
    expect(ids).not.toContain('night-train');
    // Title words shared (2 each) before a word shared with its description (1) and a title word in another's description (1).
    expect(ids.slice(0, 2).sort()).toEqual(['long-night', 'train']);
    expect(ids.slice(2, 4).sort()).toEqual(['mountain', 'river']);
    expect(ids.at(-1)).toBe('garden');
  });

  it('keeps the list order among equals and stops at the count', () => {
    const unrelated = movie('x', 'Zzz');
    expect(relatedTo(unrelated, list, 3).map((item) => item.id)).toEqual(['garden', 'night-train', 'mountain']);
  });

  it('short words relate nothing', () => {
    const the = movie('the', 'The One');
    expect(relatedTo(the, list, 6).map((item) => item.id)).toEqual(list.map((item) => item.id));
  });
});
