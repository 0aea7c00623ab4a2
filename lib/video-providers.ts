/**
 * The kinds of public video URL the player plays, how each is recognised, and what each needs from the
 * Content-Security-Policy. react-player 3 picks its player by URL in this order (its dist/patterns.js;
 * tests/unit/video-providers.test.ts keeps the two in step) and renders a custom element per kind:
 * hls-video and dash-video (hls.js / dash.js fetch the manifest and segments, play from blob: media, hls.js
 * in a blob: worker), mux-player (Mux's HLS, posters and storyboards, Mux Data beacons), youtube-video and
 * vimeo-video (the provider's iframe; YouTube's iframe API script), wistia-video (Wistia's E-v1.js, which
 * builds the player in the page), and a plain <video> for everything else.
 *
 * Pure (no server-only, no process.env): the policy in next.config.ts, the player and operator tools share it.
 */

export type Directive = 'script-src' | 'frame-src' | 'media-src' | 'connect-src' | 'img-src' | 'worker-src';
type Sources = Partial<Record<Directive, readonly string[]>>;

export type PlayerKind = 'hls' | 'dash' | 'mux' | 'youtube' | 'vimeo' | 'wistia' | 'file';

interface Kind {
  kind: PlayerKind;
  /** Tested on the whole URL, as react-player tests it. */
  recognise: (url: string) => boolean;
  /**
   * Hosted kinds play from the URL's own host, which the policy must list (MEDIA_HOSTS) in these
   * directives; providers play from their own fixed hosts, in `sources`.
   */
  hostIn: readonly Directive[];
  sources: Sources;
}

/** Streams are played through Media Source Extensions (blob: media); hls.js parses in a blob: worker. */
const MSE: Sources = { 'media-src': ['blob:'], 'worker-src': ['blob:'] };
// Mux and Wistia serve from many CDN subdomains that change without notice; both document wildcards.
const MUX = ['https://*.mux.com'];
const MUX_DATA = ['https://*.litix.io'];
const WISTIA = ['https://*.wistia.com', 'https://*.wistia.net', 'https://embedwistia-a.akamaihd.net'];

const VIDEO_FILE = /\.(mp4|og[gv]|webm|mov|m4v)(#t=[,\d+]+)?($|\?)/i;
const HLS = /\.m3u8($|\?)/i;
const matching = (pattern: RegExp) => (url: string) => pattern.test(url);

/** In react-player's order: the first kind whose pattern matches plays the URL. */
const KINDS: readonly Kind[] = [
  { kind: 'hls', recognise: matching(HLS), hostIn: ['media-src', 'connect-src'], sources: MSE },
  { kind: 'dash', recognise: matching(/\.mpd($|\?)/i), hostIn: ['media-src', 'connect-src'], sources: MSE },
  {
    kind: 'mux',
    // player.mux.com is Mux's player page: the player plays its stream instead (playerSrc).
    recognise: matching(/^https:\/\/(?:stream|player)\.mux\.com\/(?!\w+\.m3u8)\w+/),
    hostIn: [],
    sources: {
      ...MSE,
      // In Chrome, mux-player loads Google's Cast sender (and the Cast framework it pulls) for its cast button.
      'script-src': ['https://www.gstatic.com'],
      'media-src': [...MUX, 'blob:'],
      'connect-src': [...MUX, ...MUX_DATA],
      'img-src': [...MUX, ...MUX_DATA],
    },
  },
  {
    kind: 'youtube',
    recognise: matching(
      /(?:youtu\.be\/|youtube(?:-nocookie|education)?\.com\/(?:embed\/|v\/|watch\/|watch\?v=|watch\?.+&v=|shorts\/|live\/))((\w|-){11})|youtube\.com\/playlist\?list=|youtube\.com\/user\//,
    ),
    hostIn: [],
    // The iframe API script (www.youtube.com/iframe_api) loads its widget script from the same host.
    sources: { 'script-src': ['https://www.youtube.com'], 'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'] },
  },
  {
    kind: 'vimeo',
    recognise: (url) => /vimeo\.com\/(?!progressive_redirect).+/.test(url) && !VIDEO_FILE.test(url) && !HLS.test(url),
    hostIn: [],
    sources: { 'frame-src': ['https://player.vimeo.com'] },
  },
  {
    kind: 'wistia',
    recognise: matching(/(?:wistia\.(?:com|net)|wi\.st)\/(?:medias|embed)\/(?:iframe\/)?([^?]+)/),
    hostIn: [],
    sources: {
      'script-src': ['https://fast.wistia.com', 'https://fast.wistia.net'],
      'frame-src': ['https://fast.wistia.net'],
      'connect-src': WISTIA,
      'media-src': [...WISTIA, 'blob:'],
      'img-src': WISTIA,
    },
  },
  // react-player's fallback: a <video> for files and anything it does not recognise.
  { kind: 'file', recognise: () => true, hostIn: ['media-src'], sources: {} },
];

const kindOf = (url: string): Kind => KINDS.find((entry) => entry.recognise(url))!;

/** The player a public video URL plays in. */
export const playerKind = (url: string): PlayerKind => kindOf(url).kind;

/**
 * The sources every provider needs in one directive. All providers are always allowed: the policy is fixed
 * when the site is built, while titles are added in Firestore at any time without a build, so a policy
 * limited to the providers present would block the next title an operator adds.
 */
export const providerSources = (directive: Directive): string[] => [...new Set(KINDS.flatMap((entry) => entry.sources[directive] ?? []))];

/** What an absolute public video URL needs from the policy: per directive, the sources (a hosted kind's own origin, or the provider's hosts). */
export function policyNeeds(url: string): Sources {
  const entry = kindOf(url);
  if (entry.hostIn.length === 0) return entry.sources;
  const host = new URL(url).origin;
  return Object.fromEntries(entry.hostIn.map((directive) => [directive, [host]]));
}

/** A player.mux.com page URL becomes the stream it shows (signed playback keeps its token), which mux-player plays. */
export function playerSrc(url: string): string {
  const page = /^https:\/\/player\.mux\.com\/(\w+)(?:\?(.*))?$/.exec(url);
  if (!page) return url;
  const token = new URLSearchParams(page[2]).get('playback-token');
  return `https://stream.mux.com/${page[1]}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
}

/** Whether a URL names a provider's player page rather than a media file (JSON-LD's embedUrl vs contentUrl). */
export const isPlayerPage = (url: string): boolean => ['youtube', 'vimeo', 'wistia'].includes(playerKind(url)) || url.startsWith('https://player.mux.com/');
