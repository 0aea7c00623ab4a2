import { describe, expect, it } from 'vitest';
import { actionPaidRoute, actionRoute, actionRules, routes, titleAtPage } from '@/lib/routes';
import { saleFigures } from '@/lib/payments/reporting/sale-kind';

describe('a title page’s Blink address', () => {
  it('reads the title back from each title page’s path, and nothing from any other', () => {
    expect(titleAtPage(routes.series('a'))).toEqual({ kind: 'series', depth: 'title', ids: ['a'] });
    expect(titleAtPage(routes.season('a', 'b'))).toEqual({ kind: 'series', depth: 'season', ids: ['a', 'b'] });
    expect(titleAtPage(routes.shortFilm('f'))).toEqual({ kind: 'shortFilms', depth: 'title', ids: ['f'] });
    expect(titleAtPage(routes.watch('trailers', 't'))).toEqual({ kind: 'trailers', depth: 'title', ids: ['t'] });
    expect(titleAtPage(routes.watch('documentaries', 'd'))).toEqual({ kind: 'documentaries', depth: 'title', ids: ['d'] });
    for (const other of [
      '/',
      '/series',
      '/series/a/seasons/b',
      '/series/a/season',
      '/short-films/f/season/b',
      '/watch/trailers/t/x',
      '/series/__x__',
      '/series/a b',
    ]) {
      expect(titleAtPage(other), other).toBeNull();
    }
  });

  it('maps every title page to its action in actions.json, a season’s before its series’', () => {
    const rules = actionRules();
    expect(rules[0]).toEqual({ pathPattern: '/series/*/season/*', apiPath: '/api/actions/series/*/season/*' });
    expect(rules.map(({ pathPattern }) => pathPattern)).toEqual(
      expect.arrayContaining(['/series/*', '/short-films/*', '/watch/trailers/*', '/watch/documentaries/*']),
    );
    expect(actionRoute('/series/a')).toBe('/api/actions/series/a');
    expect(new URL(actionPaidRoute('tok.en', '/series/a'), 'https://x').searchParams.get('page')).toBe('/series/a');
  });
});

describe('a sale’s channel in the studio’s figures', () => {
  it('counts a Blink’s sale as a sale of its kind and as the Blink’s; a sale on the site only as its kind', () => {
    const price = { currency: 'SOL' as const, units: 5 };
    expect(saleFigures({ path: 'trailers/t', kind: 'buy', price, channel: 'blink' })).toEqual({ purchases: 1, blinkSales: 1, amounts: { SOL: 5 } });
    expect(saleFigures({ path: 'trailers/t', kind: 'buy', price })).toEqual({ purchases: 1, amounts: { SOL: 5 } });
  });
});
