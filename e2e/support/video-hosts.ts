import { readFileSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { E2E_MEDIA_HOST } from './ports';

/**
 * Stand-ins for the outside world the player reaches (the machine is offline): the video host MEDIA_HOSTS
 * names, Mux, YouTube, Vimeo and Wistia. Each answers the first steps the real service takes with what the
 * real one would load next (YouTube's API script loads its widget script; Wistia's E-v1.js fetches the
 * media's JSON, then shows its poster and video), so every directive a provider needs is exercised.
 * Only requests the page's policy let through ever reach a stub: each one recorded is one the policy allowed.
 */

const CLIP = readFileSync('public/media/clips/aurora.mp4');
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

const HLS_PLAYLIST = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:4', '#EXTINF:4.0,', 'segment0.ts', '#EXT-X-ENDLIST', ''].join('\n');
const DASH_MANIFEST = `<?xml version="1.0" encoding="UTF-8"?>
<MPD xmlns="urn:mpeg:dash:schema:mpd:2011" type="static" mediaPresentationDuration="PT4S" minBufferTime="PT2S" profiles="urn:mpeg:dash:profile:isoff-on-demand:2011">
  <Period><AdaptationSet mimeType="video/mp4"><Representation id="v" bandwidth="500000" codecs="avc1.42E01E" width="640" height="360">
    <BaseURL>clip.mp4</BaseURL><SegmentBase indexRange="0-999"/>
  </Representation></AdaptationSet></Period>
</MPD>`;

/** YouTube's iframe API: loads its widget script, which defines YT and calls the page back. */
const YOUTUBE_IFRAME_API = `const script = document.createElement('script');
script.src = 'https://www.youtube.com/s/player/e2e/www-widgetapi.vflset/www-widgetapi.js';
document.head.append(script);`;
// Any method of the player answers 0; `then` stays undefined so the player is not mistaken for a promise.
const INERT_API = `(target) => new Proxy(target, { get: (t, key) => (key in t ? t[key] : key === 'then' ? undefined : () => 0) })`;
const YOUTUBE_WIDGET_API = `window.YT = {
  PlayerState: { UNSTARTED: -1, ENDED: 0, PLAYING: 1, PAUSED: 2, BUFFERING: 3, CUED: 5 },
  Player: function (iframe, options) {
    setTimeout(() => options.events.onReady({}), 0);
    return (${INERT_API})({});
  },
};
window.onYouTubeIframeAPIReady?.();`;
/**
 * Wistia's E-v1.js: takes the embeds queued in window._wq (those pushed before it loaded too, as the real one
 * does: on a busy machine the player queues its embed first), fetches each media's JSON and builds its <video>.
 */
const WISTIA_E_V1 = `window.Wistia = {};
const queued = Array.isArray(window._wq) ? window._wq : [];
window._wq = {
  push(embed) {
    const div = document.getElementById(embed.id);
    if (!div) return; // replaced by a later load of the same element, which queues itself again
    const media = /wistia_async_(\\w+)/.exec(div.className)[1];
    fetch('https://fast.wistia.com/embed/medias/' + media + '.json').then((response) => response.json()).then((found) => {
      const video = document.createElement('video');
      video.poster = found.poster;
      video.src = found.video;
      div.append(video);
      embed.onReady((${INERT_API})({ elem: () => video }));
    });
  },
};
queued.forEach((embed) => window._wq.push(embed));`;

const PAGE = (title: string) => `<!doctype html><title>${title} (e2e stand-in)</title>`;

function answer(url: URL): { contentType: string; body: string | Buffer } {
  const path = url.pathname;
  if (path.endsWith('.m3u8') || (url.hostname === 'stream.mux.com' && !path.includes('.')))
    return { contentType: 'application/vnd.apple.mpegurl', body: HLS_PLAYLIST };
  if (path.endsWith('.mpd')) return { contentType: 'application/dash+xml', body: DASH_MANIFEST };
  if (path.endsWith('.mp4')) return { contentType: 'video/mp4', body: CLIP };
  if (path.endsWith('.ts')) return { contentType: 'video/mp2t', body: Buffer.alloc(188 * 4) };
  if (path.endsWith('.vtt')) return { contentType: 'text/vtt', body: 'WEBVTT\n' };
  if (/\.(png|jpg|webp|gif)$/.test(path) || url.hostname === 'image.mux.com') return { contentType: 'image/png', body: PIXEL };
  if (url.hostname === 'www.gstatic.com') return { contentType: 'text/javascript', body: '' };
  if (path === '/iframe_api') return { contentType: 'text/javascript', body: YOUTUBE_IFRAME_API };
  if (path.endsWith('/www-widgetapi.js')) return { contentType: 'text/javascript', body: YOUTUBE_WIDGET_API };
  if (path === '/assets/external/E-v1.js') return { contentType: 'text/javascript', body: WISTIA_E_V1 };
  if (/^\/embed\/medias\/\w+\.json$/.test(path)) {
    const media = { poster: 'https://embed-ssl.wistia.com/deliveries/e2e.jpg', video: 'https://embed-ssl.wistia.com/deliveries/e2e.mp4' };
    return { contentType: 'application/json', body: JSON.stringify(media) };
  }
  if (/^\/(embed|video)\//.test(path)) return { contentType: 'text/html', body: PAGE(url.hostname) };
  // Beacons (Mux Data) and anything else a player pings.
  return { contentType: 'text/plain', body: '' };
}

const HOSTS = [/^www\.gstatic\.com$/, /\.mux\.com$/, /\.litix\.io$/, /(^|\.)youtube(-nocookie)?\.com$/, /\.vimeo\.com$/, /\.wistia\.(com|net)$/];
const isVideoHost = (url: URL) => url.origin === E2E_MEDIA_HOST || HOSTS.some((host) => host.test(url.hostname));

/** Answers every video host for this page; returns the requests they got, as `host/path`. */
export async function stubVideoHosts(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.route(isVideoHost, async (route: Route) => {
    const url = new URL(route.request().url());
    seen.push(`${url.host}${url.pathname}`);
    const { contentType, body } = answer(url);
    // Cross-origin players (hls.js, dash.js, Mux) read these over CORS.
    await route.fulfill({ status: 200, contentType, body, headers: { 'access-control-allow-origin': '*' } });
  });
  return seen;
}
