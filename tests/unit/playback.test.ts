import { describe, expect, it } from 'vitest';
import { isProtected, videoSource } from '@/lib/media/source';
import { checkPlaybackLink, playbackUrl, renewAfterSeconds, storageUrlSeconds, type LinkTerms } from '@/lib/payments/playback/playback';
import { holderOf, signToken } from '@/lib/identity/signed-token';

const SECRET = 'playback-test-secret-0123456789abcdef';
const BROWSER = 'browser-a-0123456789ab';
const OTHER_BROWSER = 'browser-b-0123456789ab';
const NOW = Date.parse('2026-03-01T12:00:00.000Z');
const TTL = 600;
const terms: LinkTerms = { secret: SECRET, browser: BROWSER, ttl: TTL, now: NOW };
const HOLDER = holderOf(SECRET, 'media', BROWSER);

const LINK = /^\/api\/media\/([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)\/([^/]+)$/;

/** The token and file name of a /api/media link. */
function parts(url: string | null) {
  const match = LINK.exec(url ?? '');
  if (!match) throw new Error(`not a media link: ${url}`);
  return { token: match[1]!, name: decodeURIComponent(match[2]!) };
}

describe('playbackUrl', () => {
  it('hands public URLs out unchanged: they protect nothing', () => {
    for (const videourl of ['https://cdn.example/trailers/x.mp4', 'http://cdn.example/x.mp4', '/v/free.mp4']) {
      expect(playbackUrl({ path: 'trailers/x', videourl }, 'trailers/x', terms)).toBe(videourl);
    }
  });

  it('turns a private file into a signed /api/media link named after the file, without the source in it', () => {
    const url = playbackUrl({ path: 'trailers/x', videourl: 'private:trailers/x.mp4' }, 'trailers/x', terms);
    const { token, name } = parts(url);
    expect(name).toBe('x.mp4');
    expect(url).not.toContain('private:');
    const check = checkPlaybackLink(SECRET, token, BROWSER, NOW);
    expect(check).toEqual({
      ok: true,
      claim: { video: 'trailers/x', owner: 'trailers/x', holder: HOLDER, exp: NOW / 1000 + TTL },
    });
  });

  it('turns a Cloud Storage object into a signed /api/media link named after the object', () => {
    const video = { path: 'series/s/seasons/1/episodes/2', videourl: 'gs://bucket/a/b.mp4' };
    const url = playbackUrl(video, 'series/s', terms);
    const { token, name } = parts(url);
    expect(name).toBe('b.mp4');
    expect(url).not.toContain('gs:');
    expect(url).not.toContain('bucket');
    const check = checkPlaybackLink(SECRET, token, BROWSER, NOW);
    expect(check.ok && check.claim).toEqual({ video: video.path, owner: 'series/s', holder: HOLDER, exp: NOW / 1000 + TTL });
  });

  it('encodes an object name that is not URL-safe', () => {
    const url = playbackUrl({ path: 'trailers/x', videourl: 'gs://bucket/a/my clip#1.mp4' }, 'trailers/x', terms);
    expect(url).toMatch(LINK);
    expect(parts(url).name).toBe('my clip#1.mp4');
  });

  it('carries no browser id: nothing in it could be presented as another browser', () => {
    const url = playbackUrl({ path: 'trailers/x', videourl: 'private:trailers/x.mp4' }, 'trailers/x', terms)!;
    const decoded = Buffer.from(parts(url).token.split('.')[0]!, 'base64url').toString('utf8');
    expect(decoded).not.toContain(BROWSER);
    expect(url).not.toContain(BROWSER);
  });

  it('makes a link per browser, and a fresh one later', () => {
    const video = { path: 'trailers/x', videourl: 'private:trailers/x.mp4' };
    const a = playbackUrl(video, 'trailers/x', terms);
    expect(playbackUrl(video, 'trailers/x', { ...terms, browser: OTHER_BROWSER })).not.toBe(a);
    expect(playbackUrl(video, 'trailers/x', { ...terms, now: NOW + 1000 })).not.toBe(a);
  });

  it('gives null for a source that cannot be served', () => {
    expect(playbackUrl({ path: 'trailers/x', videourl: 'private:../secret.mp4' }, 'trailers/x', terms)).toBeNull();
    expect(playbackUrl({ path: 'trailers/x', videourl: 'ftp://x/y.mp4' }, 'trailers/x', terms)).toBeNull();
  });

  it('asks for fresh links well before they expire', () => {
    expect(renewAfterSeconds(600)).toBeLessThan(600);
    expect(renewAfterSeconds(600)).toBeGreaterThan(0);
    expect(renewAfterSeconds(1)).toBeGreaterThanOrEqual(1);
  });
});

describe('checkPlaybackLink', () => {
  const token = () => parts(playbackUrl({ path: 'trailers/x', videourl: 'private:trailers/x.mp4' }, 'trailers/x', terms)).token;

  it('accepts the link in the browser it was made for, until it expires', () => {
    expect(checkPlaybackLink(SECRET, token(), BROWSER, NOW).ok).toBe(true);
    expect(checkPlaybackLink(SECRET, token(), BROWSER, NOW + TTL * 1000 - 1).ok).toBe(true);
  });

  it('refuses an altered link (403)', () => {
    const [body, mac] = token().split('.') as [string, string];
    const forged = Buffer.from(
      JSON.stringify({ video: 'trailers/y', owner: 'trailers/y', source: 'private:trailers/y.mp4', holder: HOLDER, exp: NOW / 1000 + TTL }),
    ).toString('base64url');
    expect(checkPlaybackLink(SECRET, `${forged}.${mac}`, BROWSER, NOW)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: expect.stringMatching(/not valid/),
    });
    expect(checkPlaybackLink(SECRET, `${body}.${mac.slice(0, -2)}`, BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(checkPlaybackLink(SECRET, 'garbage', BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(checkPlaybackLink(SECRET, '', BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('refuses a link signed with another secret or for another purpose (403)', () => {
    expect(checkPlaybackLink(`${SECRET}-other`, token(), BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    const claim = { video: 'trailers/x', owner: 'trailers/x', source: 'private:trailers/x.mp4', holder: HOLDER, exp: NOW / 1000 + TTL };
    expect(checkPlaybackLink(SECRET, signToken(SECRET, 'checkout', claim), BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(checkPlaybackLink(SECRET, signToken(SECRET, 'media', claim), BROWSER, NOW).ok).toBe(true);
  });

  it('refuses an expired link (403)', () => {
    expect(checkPlaybackLink(SECRET, token(), BROWSER, NOW + TTL * 1000)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: expect.stringMatching(/expired/),
    });
    expect(checkPlaybackLink(SECRET, token(), BROWSER, NOW + 86_400_000)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('refuses the link in another browser, or in a browser without a valid cookie (403)', () => {
    expect(checkPlaybackLink(SECRET, token(), OTHER_BROWSER, NOW)).toMatchObject({
      ok: false,
      code: 'forbidden',
      reason: expect.stringMatching(/another browser/),
    });
    expect(checkPlaybackLink(SECRET, token(), null, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
  });

  it('refuses a token over 4 KB without reading it, even one this server signed', () => {
    const claim = { video: `trailers/${'x'.repeat(5000)}`, owner: 'trailers/x', source: 'private:trailers/x.mp4', holder: HOLDER, exp: NOW / 1000 + TTL };
    const huge = signToken(SECRET, 'media', claim);
    expect(huge.length).toBeGreaterThan(4096);
    expect(checkPlaybackLink(SECRET, huge, BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
    expect(checkPlaybackLink(SECRET, 'a'.repeat(100_000), BROWSER, NOW)).toMatchObject({ ok: false, code: 'forbidden' });
  });
});

describe('videoSource', () => {
  it('reads the good forms', () => {
    expect(videoSource('private:trailers/x.mp4')).toEqual({ kind: 'private', file: 'trailers/x.mp4', name: 'x.mp4' });
    expect(videoSource('private:x.mp4')).toEqual({ kind: 'private', file: 'x.mp4', name: 'x.mp4' });
    expect(videoSource('private:a/b-c/d_e.1.webm')).toEqual({ kind: 'private', file: 'a/b-c/d_e.1.webm', name: 'd_e.1.webm' });
    expect(videoSource('gs://bucket/a/b.mp4')).toEqual({ kind: 'storage', bucket: 'bucket', object: 'a/b.mp4', name: 'b.mp4' });
    expect(videoSource('gs://my-bucket.example.com/x.mp4')).toEqual({ kind: 'storage', bucket: 'my-bucket.example.com', object: 'x.mp4', name: 'x.mp4' });
    expect(videoSource('https://cdn.example/x.mp4')).toEqual({ kind: 'public', url: 'https://cdn.example/x.mp4' });
    expect(videoSource('http://cdn.example/x.mp4')).toEqual({ kind: 'public', url: 'http://cdn.example/x.mp4' });
    expect(videoSource('/v/x.mp4')).toEqual({ kind: 'public', url: '/v/x.mp4' });
  });

  it.each([
    ['private:../x', 'climbs out of the private folder'],
    ['private:a/../../x.mp4', 'climbs out through a middle segment'],
    ['private:a/..b.mp4', 'starts a name with a double dot'],
    ['private:a/b..c.mp4', 'has a double dot in a name'],
    ['private:/abs', 'is absolute'],
    ['private:a//b', 'has an empty segment'],
    ['private:a/b/', 'ends with a slash'],
    ['private:', 'names nothing'],
    ['private:.hidden.mp4', 'starts with a dot'],
    ['private:a\\..\\x.mp4', 'uses backslashes'],
    ['private:a%2F..%2Fx.mp4', 'is percent-encoded'],
    [`private:${'a'.repeat(129)}`, 'has a segment over 128 characters'],
    ['gs://Bad_Bucket/x', 'names an invalid bucket'],
    ['gs://b/', 'names no object (and a too-short bucket)'],
    ['gs://good-bucket/', 'names no object'],
    ['gs://good-bucket', 'names only a bucket'],
    [`gs://good-bucket/${'o'.repeat(1025)}`, 'names an object over 1024 characters'],
    ['ftp://x', 'uses another scheme'],
    ['javascript:alert(1)', 'is a script URL'],
    ['data:video/mp4;base64,AAAA', 'is a data URL'],
    ['x.mp4', 'is a relative name'],
    ['', 'is empty'],
  ])('rejects %s (it %s)', (videourl) => {
    expect(videoSource(videourl)).toBeNull();
  });

  it('tells protected sources from public ones', () => {
    expect(isProtected(videoSource('private:x.mp4')!)).toBe(true);
    expect(isProtected(videoSource('gs://bucket/x.mp4')!)).toBe(true);
    expect(isProtected(videoSource('/v/x.mp4')!)).toBe(false);
  });
});

describe('storageUrlSeconds', () => {
  const claimOf = (url: string | null) => {
    const check = checkPlaybackLink(SECRET, parts(url).token, BROWSER, NOW);
    if (!check.ok) throw new Error(JSON.stringify(check));
    return check.claim;
  };
  const video = { path: 'trailers/x', videourl: 'gs://bucket/trailers/x.mp4' };

  it('a bought title’s signed storage URL lives SIGNED_URL_SECONDS', () => {
    expect(storageUrlSeconds(claimOf(playbackUrl(video, 'trailers/x', terms)), 600, NOW)).toBe(600);
  });

  it('a rental’s ends with the rental, never after it', () => {
    const rental = claimOf(playbackUrl(video, 'trailers/x', { ...terms, until: NOW + 90_000 }));
    expect(storageUrlSeconds(rental, 600, NOW)).toBe(90);
    expect(storageUrlSeconds(rental, 600, NOW + 89_000)).toBe(1);
    // A rental with longer to run than the URL's own lifetime: the lifetime.
    expect(storageUrlSeconds(claimOf(playbackUrl(video, 'trailers/x', { ...terms, ttl: 7_200, until: NOW + 3_600_000 })), 600, NOW)).toBe(600);
  });
});
