import fc from 'fast-check';
import { unstable_doesMiddlewareMatch } from 'next/experimental/testing/server';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { config, decodable, namesPossibleTitle, proxy } from '@/proxy';

describe('proxy: undecodable path segments (vercel/next.js#92527)', () => {
  it.each(['/series/%', '/series/%E0%A4%A', '/short-films/%', '/watch/trailers/%', '/series/x/season/%', '/series/%ZZ', '/series/%ED%A0%80'])(
    '%s is not decodable',
    (path) => expect(decodable(path)).toBe(false),
  );

  it.each(['/series/abc', '/series/%00', '/series/..%2f', '/series/%E2%9C%93', '/series/%25', '/series/日本', `/series/${'a'.repeat(10_240)}`])(
    '%s is decodable and left to the page',
    (path) => expect(decodable(path)).toBe(true),
  );

  it('rewrites an undecodable page URL to the not-found page with status 404', () => {
    const response = proxy(new NextRequest('http://localhost/series/%E0%A4%A'));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-middleware-rewrite')).toMatch(/\/_not-a-title$/);
  });

  it('answers an undecodable API URL with a JSON reason', async () => {
    const response = proxy(new NextRequest('http://localhost/api/media/%/x'));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/percent-encoding/), code: 'not_found' });
  });

  it.each([
    ['/series/deep-field-station', true],
    ['/series/%61bc', true],
    ['/series/x/season/season-one', true],
    ['/short-films/the-moth-collector', true],
    ['/watch/trailers/abc', true],
    ['/watch/documentaries/abc_1', true],
    ['/series/a/b', true], // no such route: Next's own 404
    ['/series/%00', false],
    ['/series/..%2f', false],
    ['/series/%F0%9F%92%A5', false],
    ['/series/日本', false],
    [`/series/${'a'.repeat(129)}`, false],
    ['/series/x/season/%2e', false],
    ['/series/%20/season/x', false],
    ['/short-films/a.b', false],
    ['/watch/movies/abc', false],
    ['/watch/trailers/%3Cscript%3E', false],
  ])('%s could name a title: %s', (path, expected) => expect(namesPossibleTitle(path)).toBe(expected));

  it('sends an id that cannot exist to the server-rendered 404 page', () => {
    const response = proxy(new NextRequest('http://localhost/watch/trailers/%00'));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-middleware-rewrite')).toMatch(/\/_not-a-title$/);
  });

  it('lets a well-formed URL through untouched', () => {
    const response = proxy(new NextRequest('http://localhost/series/abc'));
    expect(response.headers.get('x-middleware-next')).toBe('1');
  });
});

describe('proxy matcher', () => {
  const matches = (path: string) => unstable_doesMiddlewareMatch({ config, url: `http://localhost${path}` });
  const answers = (path: string) => proxy(new NextRequest(`http://localhost${path}`)).headers.get('x-middleware-next') !== '1';

  it.each([
    '/series/harbor-lights',
    '/series/a/season/b',
    '/series/a/season/b/episodes/c_1',
    '/short-films/x',
    '/watch/trailers/x',
    '/watch/documentaries/y',
    '/series',
  ])('leaves out the well-formed %s', (path) => expect(matches(path)).toBe(false));

  it.each(['/', '/search', '/_next/static/chunks/a.js', '/trailers'])('never runs on %s', (path) => expect(matches(path)).toBe(false));

  it.each([
    '/series/%',
    '/series/%00',
    '/series/a%2Fb',
    '/series/%61',
    '/series/a.b',
    '/series/____',
    '/series/x/season/__a__',
    `/series/${'a'.repeat(129)}`,
    '/series/a//b',
    '/watch/movies/x',
    '/watch/trailers/x/y',
    '/api/media/%/x',
    '/api/media//%',
    '/series//%',
    '/short-films/日本',
  ])('runs on %s', (path) => expect(matches(path)).toBe(true));

  // The matcher may run the proxy where it lets the request through, never the other way round.
  it('runs on every path the proxy answers itself', () => {
    const segment = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/),
      fc.constantFrom(
        '%',
        '%00',
        '%2F',
        '%2e',
        '%E0%A4%A',
        '%61',
        '__a__',
        '____',
        '.',
        'a.b',
        '日本',
        '',
        'a'.repeat(128),
        'a'.repeat(129),
        'trailers',
        'documentaries',
        'season',
        'movies',
      ),
      fc.string({ unit: 'binary', maxLength: 6 }).map(encodeURIComponent),
    );
    const path = fc
      .tuple(fc.constantFrom('/series', '/short-films', '/watch', '/api/media'), fc.array(segment, { maxLength: 5 }))
      .map(([prefix, segments]) => [prefix, ...segments].join('/'));
    fc.assert(
      fc.property(path, (p) => !answers(p) || matches(p)),
      { numRuns: 3000 },
    );
  });
});
