import { describe, expect, it } from 'vitest';
import { createCatalog } from '@/lib/catalog/reads';
import { createLocalStore } from '@/lib/catalog/local';
import { titleContaining } from '@/lib/catalog/kinds';
import { popularKey, popularKeySchema } from '@/lib/catalog/popularity';
import type { RawDocument } from '@/lib/catalog/store';
import { documentsToWrite } from '@/lib/catalog/derived-fields';

const series = (id: string, extra: Record<string, unknown>): RawDocument => ({ id, path: `series/${id}`, data: { title: id, locked: false, ...extra } });

describe('popular order', () => {
  it('is the operator’s rank, then purchases, then newest, then id', async () => {
    const documents = documentsToWrite([
      series('old-hit', { purchaseCount: 9, publishedAt: '2020-01-01' }),
      series('new-quiet', { publishedAt: '2026-01-01' }),
      series('older-quiet', { publishedAt: '2021-01-01' }),
      series('editorial-2', { rank: 2 }),
      series('editorial-1', { rank: 1, purchaseCount: 0 }),
      series('a-undated', {}),
      series('b-undated', {}),
    ]);
    const catalog = createCatalog(createLocalStore(documents), { warn: () => {} });
    const page = await catalog.listSeries({ size: 10 });
    expect(page?.items.map((s) => s.id)).toEqual(['editorial-1', 'editorial-2', 'old-hit', 'new-quiet', 'older-quiet', 'a-undated', 'b-undated']);
  });

  it('makes keys that sort as that order and ignores malformed fields instead of hiding the title', () => {
    const key = popularKey('x', { rank: 'first', purchaseCount: -3, publishedAt: 'not a date' });
    expect(key).toBe(popularKey('x', {}));
    expect(popularKeySchema.safeParse(key).success).toBe(true);
    expect(popularKey('x', { purchaseCount: 2 }) < popularKey('x', { purchaseCount: 1 })).toBe(true);
    expect(popularKey('x', { rank: 999_999 }) < popularKey('x', { purchaseCount: 1e12 })).toBe(true);
  });

  it('counts an episode’s purchase toward its title', () => {
    expect(titleContaining('series/a/seasons/b/episodes/c')).toEqual({ kind: 'series', depth: 'title', ids: ['a'] });
    expect(titleContaining('purchases/x')).toBeNull();
  });
});
