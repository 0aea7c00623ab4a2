import { describe, expect, it } from 'vitest';
import { OWNERS_REMEMBERED, ownedCache } from '@/lib/payments/owned-cache';

describe('ownedCache: what recently asked browsers own', () => {
  it('remembers positive answers only, for a minute', () => {
    let clock = 0;
    const cache = ownedCache(10, () => clock);
    cache.remember('buyer', ['trailers/a']);
    cache.remember('visitor', []);
    expect(cache.pathsOf('buyer')).toEqual(['trailers/a']);
    expect(cache.pathsOf('visitor')).toBeNull();
    clock += 60_001;
    expect(cache.pathsOf('buyer')).toBeNull();
  });

  it('stays within its bound however many browsers buy, forgetting the least recently asked', () => {
    const cache = ownedCache();
    cache.remember('early', ['trailers/a']);
    cache.remember('kept', ['trailers/b']);
    for (let n = 0; n < OWNERS_REMEMBERED; n += 1) {
      if (n === OWNERS_REMEMBERED / 2) cache.pathsOf('kept');
      cache.remember(`browser-${n}`, ['trailers/c']);
    }
    expect(cache.size).toBe(OWNERS_REMEMBERED);
    expect(cache.pathsOf('early'), 'the least recently asked is forgotten').toBeNull();
    expect(cache.pathsOf('kept'), 'one asked about meanwhile is kept').toEqual(['trailers/b']);
    expect(cache.pathsOf(`browser-${OWNERS_REMEMBERED - 1}`)).toEqual(['trailers/c']);
  });
});
