import { firebaseWebConfigFrom } from '../analytics/config';
import type { Env } from '../env/schema';
import { providerSources } from '../video-providers';

/**
 * The site's HTTP security headers, built from the parsed environment. Pure (no `server-only`,
 * no process.env): next.config.ts calls it once when the site is built, the unit tests call it directly.
 *
 * script-src keeps 'unsafe-inline' on purpose. The App Router streams its RSC payload as inline
 * `self.__next_f.push(...)` scripts whose content differs per page, so hashes cannot be listed ahead
 * of time, and a nonce has to be fresh per response, which forces every page to render dynamically.
 * Pages here are prerendered and served from the cache, so the policy allows inline script and
 * instead shuts the doors an injection would use next: no plugins (object-src), no <base> hijack,
 * no framing by others, no form posts elsewhere, and scripts, connections, media and frames only
 * from the origins listed below. 'unsafe-eval' is added in development only (React's dev build needs it).
 */

/** The settings the policy depends on; NEXT_PUBLIC_* ones are the values inlined into the browser bundle. */
export type SecurityEnv = Pick<
  Env,
  | 'NODE_ENV'
  | 'NEXT_PUBLIC_SITE_URL'
  | 'NEXT_PUBLIC_SOLANA_RPC_URL'
  | 'NEXT_PUBLIC_VOICE_AGENT_ID'
  | 'NEXT_PUBLIC_VOICE_WIDGET_SRC'
  | 'MEDIA_HOSTS'
  | 'NEXT_PUBLIC_FIREBASE_API_KEY'
  | 'NEXT_PUBLIC_FIREBASE_PROJECT_ID'
  | 'NEXT_PUBLIC_FIREBASE_APP_ID'
  | 'NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID'
>;

export const HSTS = 'max-age=63072000; includeSubDomains';

/** EmailJS's REST API, which @emailjs/browser posts the contact form to. */
const EMAILJS = ['https://api.emailjs.com'];
/**
 * What the ElevenLabs voice widget talks to: its REST API (agent settings, conversation tokens) and
 * websocket, and the LiveKit server it uses for WebRTC sessions.
 */
const ELEVENLABS_CONNECT = ['https://api.elevenlabs.io', 'wss://api.elevenlabs.io', 'https://livekit.rtc.elevenlabs.io', 'wss://livekit.rtc.elevenlabs.io'];
/**
 * Hosts the embedded catalog (content/*.json) plays from directly: an HLS stream that hls.js fetches
 * over XHR and plays from blob: media. tests/unit/security-headers.test.ts checks this stays complete.
 * The video providers' hosts (YouTube, Vimeo, Wistia, Mux) come from lib/video-providers.ts.
 */
const CATALOG_MEDIA = ['https://test-streams.mux.dev'];
/**
 * Field insight, when configured: Analytics loads gtag.js and sends hits to Google Analytics;
 * the SDKs register an installation, fetch their config and Performance Monitoring posts its traces.
 */
const ANALYTICS_SCRIPTS = ['https://www.googletagmanager.com'];
const ANALYTICS_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
  'https://firebaseinstallations.googleapis.com',
  'https://firebase.googleapis.com',
  'https://firebaseremoteconfig.googleapis.com',
  'https://firebaselogging.googleapis.com',
  'https://firebaselogging-pa.googleapis.com',
];
const ANALYTICS_IMAGES = ['https://*.google-analytics.com', 'https://www.googletagmanager.com'];

/** A `gs://` video is answered with a redirect to a V4 signed URL on Cloud Storage. */
const CLOUD_STORAGE = ['https://storage.googleapis.com'];

const origin = (url: string) => new URL(url).origin;

/**
 * The origins the browser's web3.js Connection reaches for an RPC URL: the HTTP endpoint and the
 * websocket it derives (web3.js's makeWebsocketUrl: wss for https, ws otherwise, same host, and
 * port + 1 when the URL spells out a port, even a default one such as :443).
 */
export function rpcSources(rpcUrl: string): string[] {
  const url = new URL(rpcUrl);
  // web3.js's own URL_RE, for the port exactly as it reads it.
  const port = /^[^:]+:\/\/([^:[]+|\[[^\]]+\])(:\d+)?/i.exec(rpcUrl)?.[2];
  const wsScheme = url.protocol === 'https:' ? 'wss:' : 'ws:';
  const host = url.hostname.includes(':') && !url.hostname.startsWith('[') ? `[${url.hostname}]` : url.hostname;
  const ws = port ? `${wsScheme}//${host}:${Number(port.slice(1)) + 1}` : `${wsScheme}//${url.host}`;
  return [url.origin, ws];
}

/**
 * MEDIA_HOSTS as CSP sources: a URL becomes its origin; a bare source expression such as
 * `https://*.example.com` is kept; anything that could break out of the header (quotes, `;`) is dropped.
 */
export function mediaSources(hosts: readonly string[]): string[] {
  const sources: string[] = [];
  for (const host of hosts) {
    if (/[;'",\s]/.test(host)) continue;
    if (host.includes('*')) {
      if (/^https?:\/\/\*\.[\w.-]+(:\d+)?$/.test(host)) sources.push(host);
      continue;
    }
    try {
      const url = new URL(host);
      if (url.protocol === 'https:' || url.protocol === 'http:') sources.push(url.origin);
    } catch {
      // Not a URL: ignored rather than passed into the header.
    }
  }
  return sources;
}

const unique = (values: string[]) => [...new Set(values)];

/** Whether the site is served over https outside development: then mixed content is upgraded. */
const servedOverHttps = (env: SecurityEnv) => env.NODE_ENV !== 'development' && new URL(env.NEXT_PUBLIC_SITE_URL).protocol === 'https:';

/** The directives of the policy, in order; each value is the list of sources. */
export function cspDirectives(env: SecurityEnv): Record<string, string[]> {
  const dev = env.NODE_ENV === 'development';
  const voice = env.NEXT_PUBLIC_VOICE_AGENT_ID ? [origin(env.NEXT_PUBLIC_VOICE_WIDGET_SRC)] : [];
  // The widget's audio worklets are loaded from blob: URLs it makes itself (worklets follow script-src).
  const voiceScripts = voice.length ? [...voice, 'blob:'] : [];
  const voiceConnect = voice.length ? [...voice, ...ELEVENLABS_CONNECT] : [];
  const media = mediaSources(env.MEDIA_HOSTS);
  const mediaOrigins = [...media, ...CATALOG_MEDIA, ...CLOUD_STORAGE];
  const analytics = firebaseWebConfigFrom(env) !== undefined;
  const analyticsScripts = analytics ? ANALYTICS_SCRIPTS : [];

  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': unique([
      "'self'",
      "'unsafe-inline'",
      ...(dev ? ["'unsafe-eval'"] : []),
      ...voiceScripts,
      ...providerSources('script-src'),
      ...analyticsScripts,
    ]),
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': unique(["'self'", 'data:', 'blob:', ...media, ...CLOUD_STORAGE, ...providerSources('img-src'), ...(analytics ? ANALYTICS_IMAGES : [])]),
    'font-src': ["'self'"],
    // Also governs <track>: subtitles are same-site .vtt files (lib/catalog/schemas.ts), so 'self' covers them.
    'media-src': unique(["'self'", 'blob:', ...mediaOrigins, ...providerSources('media-src')]),
    'connect-src': unique([
      "'self'",
      ...rpcSources(env.NEXT_PUBLIC_SOLANA_RPC_URL),
      ...EMAILJS,
      ...voiceConnect,
      ...mediaOrigins,
      ...providerSources('connect-src'),
      ...(analytics ? ANALYTICS_CONNECT : []),
    ]),
    'frame-src': providerSources('frame-src'),
    'worker-src': unique(["'self'", 'blob:', ...providerSources('worker-src')]),
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
  };
  if (servedOverHttps(env)) directives['upgrade-insecure-requests'] = [];
  return directives;
}

export function contentSecurityPolicy(env: SecurityEnv): string {
  return Object.entries(cspDirectives(env))
    .map(([name, sources]) => [name, ...sources].join(' '))
    .join('; ');
}

type Header = { key: string; value: string };
/** The shape of one entry of next.config's `headers()`. */
export type HeaderRule = {
  source: string;
  headers: Header[];
  has?: { type: 'header'; key: string; value?: string }[];
};

/** Every security header rule for next.config.ts. */
export function securityHeaderRules(env: SecurityEnv): HeaderRule[] {
  return [
    {
      source: '/:path*',
      headers: [
        { key: 'Content-Security-Policy', value: contentSecurityPolicy(env) },
        { key: 'X-Content-Type-Options', value: 'nosniff' },
        { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
        { key: 'X-Frame-Options', value: 'SAMEORIGIN' },
        { key: 'Permissions-Policy', value: 'camera=(), geolocation=(), microphone=(self)' },
      ],
    },
    {
      // Only a response that went out over https may pin https: the host (Vercel, a proxy) says so.
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
      headers: [{ key: 'Strict-Transport-Security', value: HSTS }],
    },
  ];
}
