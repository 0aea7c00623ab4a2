import { beforeEach, describe, expect, it, vi } from 'vitest';

const revalidateTag = vi.hoisted(() => vi.fn());
vi.mock('next/cache', () => ({ revalidateTag }));
const { expireCatalogReads, CATALOG_TAG } = await import('@/lib/catalog/tags');

const expired = () => revalidateTag.mock.calls.map(([tag]) => tag as string).sort();

describe('expireCatalogReads (the one way an edit reaches pages)', () => {
  beforeEach(() => revalidateTag.mockClear());

  it('expires a title’s tree, the list of its kind when its own document changed, and search', () => {
    expect(expireCatalogReads(['series/a/seasons/b/episodes/c']).sort()).toEqual(['catalog:search', 'catalog:tree:series/a']);
    expect(expired()).toEqual(['catalog:search', 'catalog:tree:series/a']);
    expect(expireCatalogReads(['trailers/t']).sort()).toEqual(['catalog:list:trailers', 'catalog:search', 'catalog:tree:trailers/t']);
    expect(expireCatalogReads(['shortFilms']).sort()).toEqual(['catalog:list:shortFilms', 'catalog:search']);
  });

  it('expires at once, never stale-while-revalidate: the next visitor after an edit sees it', () => {
    expireCatalogReads(['trailers/t']);
    expireCatalogReads('everything');
    expect(revalidateTag.mock.calls.map(([, profile]) => profile)).toEqual(Array(4).fill({ expire: 0 }));
  });

  it('everything is the tag every cached read carries; nothing changed expires nothing, not even search', () => {
    expect(expireCatalogReads('everything')).toEqual([CATALOG_TAG]);
    revalidateTag.mockClear();
    expect(expireCatalogReads([])).toEqual([]);
    expect(revalidateTag).not.toHaveBeenCalled();
  });
});
