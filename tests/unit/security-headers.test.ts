import { readFileSync, readdirSync } from 'node:fs';
import { Connection } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SOLANA_RPC_URL } from '@/lib/env/defaults';
import { parseEnv } from '@/lib/env/schema';
import { HSTS, contentSecurityPolicy, cspDirectives, mediaSources, rpcSources, securityHeaderRules } from '@/lib/http/security-headers';

const production = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'production', ...extra });

/** The websocket URL web3.js itself derives for an RPC endpoint. */
const web3Websocket = (rpc: string) => (new Connection(rpc) as unknown as { _rpcWsEndpoint: string })._rpcWsEndpoint;

describe('rpcSources', () => {
  it.each([
    ['https://api.devnet.solana.com', ['https://api.devnet.solana.com', 'wss://api.devnet.solana.com']],
    ['http://127.0.0.1:8899', ['http://127.0.0.1:8899', 'ws://127.0.0.1:8900']],
    ['https://rpc.example.com:8443/path?key=1', ['https://rpc.example.com:8443', 'wss://rpc.example.com:8444']],
    ['https://rpc.example.com:443/', ['https://rpc.example.com', 'wss://rpc.example.com:444']],
    ['http://[::1]:8899', ['http://[::1]:8899', 'ws://[::1]:8900']],
  ])('%s → HTTP and the websocket web3.js derives', (rpc, expected) => {
    expect(rpcSources(rpc)).toEqual(expected);
    expect(web3Websocket(rpc).startsWith(expected[1]!)).toBe(true);
  });
});

describe('mediaSources', () => {
  it('keeps origins and wildcard hosts, drops anything that could break the header', () => {
    expect(
      mediaSources([
        'https://cdn.example.com/videos/x.mp4',
        'https://*.example.net',
        "https://evil.example; script-src 'unsafe-eval'",
        'javascript:alert(1)',
        'not a url',
        '*',
      ]),
    ).toEqual(['https://cdn.example.com', 'https://*.example.net']);
  });
});

describe('contentSecurityPolicy', () => {
  it('has the fixed directives that close the usual injection doors', () => {
    const csp = contentSecurityPolicy(production());
    for (const directive of [
      "object-src 'none'",
      "base-uri 'self'",
      "frame-ancestors 'self'",
      "form-action 'self'",
      "default-src 'self'",
      "font-src 'self'",
      "worker-src 'self' blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toMatch(/[\n\r]/);
  });

  it('allows inline scripts (prerendered pages, no nonces) but eval only in development', () => {
    const prod = cspDirectives(production());
    expect(prod['script-src']).toEqual(expect.arrayContaining(["'self'", "'unsafe-inline'"]));
    expect(prod['script-src']).not.toContain("'unsafe-eval'");
    expect(cspDirectives(parseEnv({ NODE_ENV: 'development' }))['script-src']).toContain("'unsafe-eval'");
  });

  it('lets the browser reach the configured RPC and its websocket, EmailJS and the media hosts', () => {
    const directives = cspDirectives(
      production({ NEXT_PUBLIC_SOLANA_RPC_URL: 'http://127.0.0.1:8899', MEDIA_HOSTS: 'https://cdn.example.com, https://media.example.org' }),
    );
    expect(directives['connect-src']).toEqual(
      expect.arrayContaining([
        "'self'",
        'http://127.0.0.1:8899',
        'ws://127.0.0.1:8900',
        'https://api.emailjs.com',
        'https://cdn.example.com',
        'https://storage.googleapis.com',
      ]),
    );
    expect(directives['connect-src']).not.toContain(DEFAULT_SOLANA_RPC_URL);
    for (const name of ['media-src', 'img-src']) {
      expect(directives[name]).toEqual(
        expect.arrayContaining(["'self'", 'blob:', 'https://cdn.example.com', 'https://media.example.org', 'https://storage.googleapis.com']),
      );
    }
    expect(directives['img-src']).toContain('data:');
  });

  it('names the voice widget and the ElevenLabs API only when an agent is configured', () => {
    expect(contentSecurityPolicy(production())).not.toContain('elevenlabs');
    const directives = cspDirectives(
      production({ NEXT_PUBLIC_VOICE_AGENT_ID: 'agent', NEXT_PUBLIC_VOICE_WIDGET_SRC: 'https://unpkg.com/@elevenlabs/convai-widget-embed' }),
    );
    expect(directives['script-src']).toContain('https://unpkg.com');
    expect(directives['connect-src']).toEqual(expect.arrayContaining(['https://api.elevenlabs.io', 'wss://api.elevenlabs.io']));
  });

  it('frames only the video providers’ players and loads only their player scripts (lib/video-providers.ts)', () => {
    const directives = cspDirectives(production());
    expect(directives['frame-src']).toEqual([
      'https://www.youtube.com',
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://fast.wistia.net',
    ]);
    expect(directives['script-src']!.filter((source) => source.startsWith('https://'))).toEqual([
      'https://www.gstatic.com',
      'https://www.youtube.com',
      'https://fast.wistia.com',
      'https://fast.wistia.net',
    ]);
  });

  it('covers every remote host the embedded catalog plays from', () => {
    const directives = cspDirectives(production());
    const allowed = [...directives['media-src']!, ...directives['frame-src']!];
    const players = new Set(['https://vimeo.com']); // a vimeo.com page URL plays in the player.vimeo.com frame
    const files = readdirSync('content').filter((name) => name.endsWith('.json'));
    const origins = new Set(
      files.flatMap((name) => [...readFileSync(`content/${name}`, 'utf8').matchAll(/"(https?:\/\/[^"]+)"/g)].map((m) => new URL(m[1]!).origin)),
    );
    expect(origins.size).toBeGreaterThan(0);
    for (const origin of origins) if (!players.has(origin)) expect(allowed, origin).toContain(origin);
  });

  it('lets subtitle tracks load: they are same-site paths, and media-src (which governs <track>) allows the site', () => {
    const tracks = readdirSync('content').flatMap((name) => [...readFileSync(`content/${name}`, 'utf8').matchAll(/"src": "([^"]+\.vtt)"/g)].map((m) => m[1]!));
    expect(tracks.length).toBeGreaterThan(0);
    for (const src of tracks) expect(src).toMatch(/^\/(?!\/)/);
    expect(cspDirectives(production())['media-src']).toContain("'self'");
  });

  it('upgrades insecure requests only for an https site outside development', () => {
    expect(contentSecurityPolicy(production({ NEXT_PUBLIC_SITE_URL: 'https://solenema.example' }))).toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy(production({ NEXT_PUBLIC_SITE_URL: 'http://127.0.0.1:3210' }))).not.toContain('upgrade-insecure-requests');
    expect(contentSecurityPolicy(parseEnv({ NODE_ENV: 'development', NEXT_PUBLIC_SITE_URL: 'https://solenema.example' }))).not.toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('securityHeaderRules', () => {
  it('sends the CSP and the old headers everywhere, HSTS only when the host says https', () => {
    const [all, https] = securityHeaderRules(production());
    expect(all!.source).toBe('/:path*');
    expect(all!.has).toBeUndefined();
    expect(all!.headers.map((header) => header.key)).toEqual([
      'Content-Security-Policy',
      'X-Content-Type-Options',
      'Referrer-Policy',
      'X-Frame-Options',
      'Permissions-Policy',
    ]);
    expect(https).toEqual({
      source: '/:path*',
      has: [{ type: 'header', key: 'x-forwarded-proto', value: 'https' }],
      headers: [{ key: 'Strict-Transport-Security', value: HSTS }],
    });
    expect(HSTS).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('field insight in the policy', () => {
  const production = (extra: Record<string, string> = {}) => parseEnv({ NODE_ENV: 'production', ...extra });

  it('allows gtag.js and the Firebase and Analytics endpoints only when the whole web config is set', () => {
    const off = cspDirectives(production());
    expect(off['script-src']).not.toContain('https://www.googletagmanager.com');
    expect(off['connect-src']!.some((source) => /google|firebase/.test(source) && source !== 'https://storage.googleapis.com')).toBe(false);

    expect(cspDirectives(production({ NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-TEST' }))['script-src']).not.toContain('https://www.googletagmanager.com');
    const on = cspDirectives(
      production({
        NEXT_PUBLIC_FIREBASE_API_KEY: 'key',
        NEXT_PUBLIC_FIREBASE_PROJECT_ID: 'project',
        NEXT_PUBLIC_FIREBASE_APP_ID: '1:2:web:3',
        NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: 'G-TEST',
      }),
    );
    expect(on['script-src']).toContain('https://www.googletagmanager.com');
    expect(on['connect-src']).toEqual(
      expect.arrayContaining(['https://*.google-analytics.com', 'https://firebaseinstallations.googleapis.com', 'https://firebaselogging-pa.googleapis.com']),
    );
    expect(on['img-src']).toContain('https://*.google-analytics.com');
  });
});
