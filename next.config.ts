import { spawnSync } from 'node:child_process';
import type { NextConfig } from 'next';
import { parseEnv } from './lib/env/schema';
import { firebaseWebConfigFrom } from './lib/analytics/config';
import { securityHeaderRules } from './lib/http/security-headers';
import { addCompileHints } from './lib/build/compile-hints';
import { catalogUpkeep } from './lib/catalog/upkeep';

// Fail the build or the server start at once, with a message naming the bad variable.
const env = parseEnv(process.env);

/**
 * Field insight exists in the build only when its Firebase web config is set: an unconfigured site
 * renders the empty server slot and ships none of its client code (a client component a layout imports
 * is bundled with the layout even when it renders nothing).
 */
const fieldInsight = firebaseWebConfigFrom(env) !== undefined;

/**
 * A build the browser tests make (e2e/support/global-setup.ts): `npm test` type-checks the whole project
 * before them, and a clean CI clone never reads a build's Turbopack cache again. Without both, each of
 * their three builds is 15-25 s shorter on a 2-core machine.
 */
const testBuild = process.env.E2E_BUILD === '1';

/** The build's sync starts no title after this; Vercel stops a build at 45 minutes. */
const BUILD_SYNC_SECONDS = 300;
/** A sync past its budget by this much (a hung Firestore call) is stopped: the deploy goes on without it. */
const GRACE_SECONDS = 60;

/**
 * Before `next build` prerenders, the catalog's derived fields are brought up to date (`npm run catalog:sync`),
 * so titles written by hand in the Firebase console are on the prerendered rows, browse pages and sitemaps of a
 * fresh deploy, Vercel's included. A child process: the catalog's modules are server-only, which this config
 * cannot load. A sync that fails, or runs out of time, never fails the deploy: the site's upkeep indexes the rest.
 */
function syncCatalogBeforePrerender(): void {
  if (catalogUpkeep(env).mode === 'off') return;
  const sync = spawnSync('npm', ['run', 'catalog:sync', '--silent', '--', `--seconds=${BUILD_SYNC_SECONDS}`], {
    stdio: 'inherit',
    env: process.env,
    timeout: (BUILD_SYNC_SECONDS + GRACE_SECONDS) * 1000,
    killSignal: 'SIGKILL',
  });
  if (sync.status !== 0)
    console.warn('catalog:sync did not finish before prerendering: titles written by hand since the last sync show once the site indexes them');
}

const nextConfig: NextConfig = {
  /**
   * Names this build in the keys of the catalog's cached reads (lib/catalog/index.ts): a build never reads values a
   * previous one cached in another shape, or a list cached before its own catalog sync (the data cache outlives a
   * deploy, on Vercel and in .next/cache alike). One value for every instance of a deployment.
   */
  env: { CATALOG_CACHE_BUILD: process.env.VERCEL_DEPLOYMENT_ID ?? `build-${Date.now().toString(36)}` },
  compiler: {
    // After the compile, before any page is prerendered.
    runAfterProductionCompile: async (build) => {
      await addCompileHints(build);
      syncCatalogBeforePrerender();
    },
  },
  turbopack: {
    resolveAlias: {
      // react-player's HLS element imports the whole of hls.js; the site's streams (MPEG-TS, AES-128, subtitles as the
      // page's own WebVTT <track>s) need only its light build, which leaves out alternate audio, hls.js's own subtitle
      // and CEA-608 rendering, EME, CMCD and interstitials: 117 KB gzip instead of 183 KB (docs/performance.md).
      'hls.js/dist/hls.mjs': 'hls.js/dist/hls.light.mjs',
      ...(fieldInsight && { '@/components/analytics/FieldInsightSlot': './components/analytics/FieldInsightSlot.configured.tsx' }),
    },
  },
  // The browser tests build a second variant of the site (with field insight configured) beside the first.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  reactStrictMode: true,
  typescript: { ignoreBuildErrors: testBuild },
  experimental: { turbopackFileSystemCacheForBuild: !(testBuild && process.env.CI) },
  poweredByHeader: false,
  // Private videos are read from disk at run time: ship them with the one function that streams them
  // (on Vercel, a serverless function only has the files its trace names). The key is a glob, so the
  // route's brackets are escaped; unescaped they are character classes and match nothing.
  // The embedded catalog's stream playlists, which the route rewrites for buyers, ship with it the same way.
  // A free preview's route decrypts its first segments itself, so it ships with the embedded streams and their keys.
  outputFileTracingIncludes: {
    '/api/media/\\[token\\]/\\[file\\]': [`./${env.PRIVATE_MEDIA_DIR}/**/*`, './public/media/streams/**/*.m3u8'],
    '/api/preview/\\[...file\\]': [`./${env.PRIVATE_MEDIA_DIR}/stream-keys.txt`, './public/media/streams/**/*'],
  },
  images: {
    formats: ['image/avif', 'image/webp'],
    // One quality: each allowed value is another variant of every cover anyone may ask the optimizer for.
    qualities: [75],
    // Every width is a srcset entry of every cover, written twice per card (HTML and RSC payload): a third
    // of the home page's bytes. No card is drawn under 200 px (128 goes), nothing wider than a 1920 px screen
    // (2048 and 3840 go), and neighbours closer than a fifth apart (828, 1200) only lengthened the list.
    imageSizes: [256, 384],
    deviceSizes: [640, 750, 1080, 1920],
    // Vercel's advice for images that do not change within a month: a cover changes by a new URL (its
    // `coverimg`), so a month's TTL costs nothing but transformations and cache writes.
    minimumCacheTTL: 60 * 60 * 24 * 31,
  },
  async rewrites() {
    // /sitemap.xml is the sitemap index. Next refuses a route handler at app/sitemap.xml next to the split
    // metadata sitemap (app/sitemap.ts, served at /sitemap/{id}.xml), so the index lives beside it.
    return [{ source: '/sitemap.xml', destination: '/sitemap-index.xml' }];
  },
  async headers() {
    // CSP (see lib/http/security-headers.ts for the script-src reasoning), nosniff, referrer, framing,
    // permissions; HSTS only on requests the host says arrived over https.
    // A packaged stream's files never change (its folder is named by a hash of its content): any cache, a CDN's
    // included, may keep them; a locked stream's segments are encrypted, and its key is never among them.
    const streams = { source: '/media/streams/:path*', headers: [{ key: 'Cache-Control', value: 'public, max-age=31536000, immutable' }] };
    // The studio and its exports are the operator's: never indexed, whatever links to them.
    const studio = ['/studio', '/api/studio/:path*'].map((source) => ({ source, headers: [{ key: 'X-Robots-Tag', value: 'noindex, nofollow' }] }));
    return [...securityHeaderRules(env), streams, ...studio];
  },
};

export default nextConfig;
