import { describe, expect, it } from 'vitest';
import { OWNERS_REMEMBERED, ownedCache } from '@/lib/payments/ownership/owned-cache';

describe('ownedCache: what recently asked browsers own', () => {
  it('remembers for a minute', () => {
    let clock = 0;
    const cache = ownedCache<string[]>(10, () => clock);
    cache.remember('buyer', ['trailers/a']);
    expect(cache.get('buyer')).toEqual(['trailers/a']);
    expect(cache.get('visitor')).toBeNull();
    clock += 60_001;
    expect(cache.get('buyer')).toBeNull();
  });

  it('stays within its bound however many browsers buy, forgetting the least recently asked', () => {
    const cache = ownedCache<string[]>();
    cache.remember('early', ['trailers/a']);
    cache.remember('kept', ['trailers/b']);
    for (let n = 0; n < OWNERS_REMEMBERED; n += 1) {
      if (n === OWNERS_REMEMBERED / 2) cache.get('kept');
      cache.remember(`browser-${n}`, ['trailers/c']);
    }
    expect(cache.size).toBe(OWNERS_REMEMBERED);
    expect(cache.get('early'), 'the least recently asked is forgotten').toBeNull();
    expect(cache.get('kept'), 'one asked about meanwhile is kept').toEqual(['trailers/b']);
    expect(cache.get(`browser-${OWNERS_REMEMBERED - 1}`)).toEqual(['trailers/c']);
  });
});
