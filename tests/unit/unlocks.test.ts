import { describe, expect, it } from 'vitest';
import { unlocks } from '@/lib/payments/ownership/unlocks';

describe('unlocks', () => {
  it('opens a bought path and everything beneath it: a series its seasons and episodes, a season pass its own episodes', () => {
    expect(unlocks(['series/abc'], 'series/abc/seasons/s1/episodes/e1')).toBe(true);
    expect(unlocks(['series/abc/seasons/s1'], 'series/abc/seasons/s1/episodes/e1')).toBe(true);
    expect(unlocks(['shortFilms/xyz'], 'shortFilms/xyz/episodes/e1')).toBe(true);
  });

  it('opens nothing beside it: another season, the series above a season pass, a title sharing a prefix', () => {
    expect(unlocks(['series/abc/seasons/s1'], 'series/abc/seasons/s2/episodes/e1')).toBe(false);
    expect(unlocks(['series/abc/seasons/s1'], 'series/abc')).toBe(false);
    expect(unlocks(['trailers/a'], 'trailers/ab')).toBe(false);
  });
});
