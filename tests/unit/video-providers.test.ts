import { canPlay } from 'react-player/patterns';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env/schema';
import { cspDirectives } from '@/lib/http/security-headers';
import { videoPolicyProblem } from '@/lib/media/policy-check';
import { isPlayerPage, playerKind, playerSrc, policyNeeds, providerSources, type Directive } from '@/lib/video-providers';

const production = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'production', NEXT_PUBLIC_SITE_URL: 'https://solenema.example', ...extra });

/** One URL per kind, as an operator would paste it. */
const SAMPLES = {
  hls: ['https://cdn.example.com/films/master.m3u8', 'https://stream.mux.com/abc123.m3u8', 'https://vimeo.com/live/1.m3u8?x=1'],
  dash: ['https://cdn.example.com/films/manifest.mpd'],
  mux: ['https://stream.mux.com/abc123'],
  youtube: ['https://www.youtube.com/watch?v=aqz-KE-bpKQ', 'https://youtu.be/aqz-KE-bpKQ', 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ'],
  vimeo: ['https://vimeo.com/76979871', 'https://player.vimeo.com/video/76979871'],
  wistia: ['https://home.wistia.com/medias/e4a27b971d', 'https://fast.wistia.net/embed/iframe/e4a27b971d'],
  file: ['https://cdn.example.com/films/clip.mp4', 'https://cdn.example.com/films/clip.webm', 'https://vimeo.com/files/clip.mp4'],
} as const;

describe('the video provider registry', () => {
  it('recognises each URL as react-player chooses its player (same order, same patterns)', () => {
    const reactPlayerKind = (url: string) => (['hls', 'dash', 'mux', 'youtube', 'vimeo', 'wistia'] as const).find((kind) => canPlay[kind](url)) ?? 'file';
    for (const [kind, urls] of Object.entries(SAMPLES)) {
      for (const url of urls) {
        expect(playerKind(url), url).toBe(kind);
        expect(reactPlayerKind(url), url).toBe(kind);
      }
    }
  });

  it('plays a player.mux.com page as its Mux stream, keeping a signed playback token', () => {
    expect(playerSrc('https://player.mux.com/abc123')).toBe('https://stream.mux.com/abc123');
    expect(playerSrc('https://player.mux.com/abc123?playback-token=t.o-k&autoplay=1')).toBe('https://stream.mux.com/abc123?token=t.o-k');
    expect(playerKind(playerSrc('https://player.mux.com/abc123'))).toBe('mux');
    expect(playerSrc('https://cdn.example.com/a.mp4')).toBe('https://cdn.example.com/a.mp4');
  });

  it('names provider player pages as embeds and everything else as media files', () => {
    for (const url of [...SAMPLES.youtube, ...SAMPLES.vimeo, ...SAMPLES.wistia, 'https://player.mux.com/abc123']) expect(isPlayerPage(url), url).toBe(true);
    for (const url of [...SAMPLES.hls, ...SAMPLES.dash, ...SAMPLES.mux, ...SAMPLES.file, '/media/clips/aurora.mp4']) expect(isPlayerPage(url), url).toBe(false);
  });

  it('needs a hosted kind’s own host, and a provider’s fixed hosts', () => {
    expect(policyNeeds('https://cdn.example.com/a.m3u8')).toEqual({ 'media-src': ['https://cdn.example.com'], 'connect-src': ['https://cdn.example.com'] });
    expect(policyNeeds('https://cdn.example.com/a.mp4')).toEqual({ 'media-src': ['https://cdn.example.com'] });
    expect(policyNeeds(SAMPLES.youtube[0])['frame-src']).toContain('https://www.youtube.com');
    expect(policyNeeds(SAMPLES.mux[0])['connect-src']).toEqual(['https://*.mux.com', 'https://*.litix.io']);
  });

  it('is in the policy: every provider host in its directive, whatever the catalog holds', () => {
    const directives = cspDirectives(production());
    for (const directive of ['script-src', 'frame-src', 'media-src', 'connect-src', 'img-src', 'worker-src'] satisfies Directive[]) {
      expect(providerSources(directive).length, directive).toBeGreaterThan(0);
      expect(directives[directive], directive).toEqual(expect.arrayContaining(providerSources(directive)));
    }
    expect(directives['worker-src']).toEqual(["'self'", 'blob:']);
  });
});

describe('videoPolicyProblem (the operator check)', () => {
  it('allows the site’s own, private and Cloud Storage videos, every provider and the embedded catalog’s stream host', () => {
    const env = production();
    for (const videourl of [
      '/media/clips/aurora.mp4',
      'https://solenema.example/media/clips/aurora.webm',
      'private:trailers/iron-meridian.mp4',
      'gs://solenema-media/films/a.mp4',
      'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8',
      'https://player.mux.com/abc123',
      ...SAMPLES.mux,
      ...SAMPLES.youtube,
      ...SAMPLES.vimeo,
      ...SAMPLES.wistia,
      'https://stream.mux.com/abc123.m3u8',
      'stream:/media/streams/trailers-x-0123456789ab',
    ]) {
      expect(videoPolicyProblem(videourl, env), videourl).toBeNull();
    }
  });

  it('names the MEDIA_HOSTS setting that would allow a file or stream on another host', () => {
    expect(videoPolicyProblem('https://cdn.example.com/films/master.m3u8', production())).toBe(
      "https://cdn.example.com (an HLS stream) is not in the Content-Security-Policy's media-src and connect-src: set MEDIA_HOSTS=https://cdn.example.com before next build",
    );
    expect(videoPolicyProblem('https://cdn.example.com/films/clip.mp4', production({ MEDIA_HOSTS: 'https://media.example.org' }))).toBe(
      "https://cdn.example.com (a video file) is not in the Content-Security-Policy's media-src: set MEDIA_HOSTS=https://media.example.org,https://cdn.example.com before next build",
    );
    expect(videoPolicyProblem('https://cdn.example.com/films/manifest.mpd', production())).toContain('(a DASH stream)');
    // A packaged stream on a CDN: its playlists and segments come from there (its key always from the site).
    expect(videoPolicyProblem('stream:https://cdn.example.com/streams/trailers-x-0123456789ab', production())).toContain('MEDIA_HOSTS=https://cdn.example.com');
  });

  it('accepts a host MEDIA_HOSTS names, by origin or by wildcard', () => {
    expect(videoPolicyProblem('https://cdn.example.com/films/master.m3u8', production({ MEDIA_HOSTS: 'https://cdn.example.com/films/' }))).toBeNull();
    expect(videoPolicyProblem('https://eu.cdn.example.com/clip.mp4', production({ MEDIA_HOSTS: 'https://*.cdn.example.com' }))).toBeNull();
    expect(videoPolicyProblem('https://cdn.example.com/clip.mp4', production({ MEDIA_HOSTS: 'https://*.cdn.example.com' }))).toContain('MEDIA_HOSTS=');
    expect(videoPolicyProblem('http://cdn.example.com/clip.mp4', production({ MEDIA_HOSTS: 'https://cdn.example.com' }))).toContain('MEDIA_HOSTS=');
  });

  it('says when a videourl is not an address the site can serve at all', () => {
    expect(videoPolicyProblem('ftp://cdn.example.com/a.mp4', production())).toMatch(/not a video address the site can serve/);
    expect(videoPolicyProblem('private:../secret.mp4', production())).toMatch(/not a video address the site can serve/);
  });
});
