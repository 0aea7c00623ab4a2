import { describe, expect, it } from 'vitest';
import { unlocks } from '@/lib/payments/unlocks';
import { buysWholeShow } from '@/lib/payments/whole-show';

describe('buysWholeShow', () => {
  it('is true for a series or a short film bought whole, whose episodes the purchase unlocks', () => {
    expect(buysWholeShow('series/abc')).toBe(true);
    expect(buysWholeShow('shortFilms/xyz')).toBe(true);
    expect(unlocks(['series/abc'], 'series/abc/seasons/s1/episodes/e1')).toBe(true);
  });

  it('is false for one title: a movie, a trailer, a season or an episode', () => {
    for (const path of ['trailers/a', 'documentaries/b', 'series/abc/seasons/s1', 'shortFilms/xyz/episodes/e1', 'series', 'series/', '']) {
      expect(buysWholeShow(path), path).toBe(false);
    }
  });
});
