/** Settings of `npm run bench`: ports, the site's environment, the pages and how long each measurement runs. */
import { DESKTOP, E2E_PROJECT_ID, E2E_RECIPIENT } from '../../e2e/support/ports';

/** Outside the e2e stack's ports (3210+, 8790+, and both +E2E_PORT_OFFSET=100) so both can run at once. */
export const PORTS = { site: 3410, redisSite: 3411, vercelSite: 3412, floor: 3413, firestore: 8695, catalogTrigger: 8696, chain: 8685 } as const;
/** The bearer the catalog trigger sends in the upkeep bench's events mode. */
export const CATALOG_EVENTS_SECRET = 'bench-catalog-events-secret-0123456789';
export const SITE_URL = `http://127.0.0.1:${PORTS.site}`;
export const RESULTS_DIR = 'bench/results';
/** Every bench build goes here (tsconfig.json lists its types, so next build leaves tsconfig.json alone). */
export const DIST_DIR = '.next/bench';
export const REVALIDATE_SECRET = 'bench-revalidate-secret-0123456789';
export const CHAIN_URL = `http://127.0.0.1:${PORTS.chain}`;

/**
 * The site's environment for the seed, the build and `next start`: Google's Firestore emulator, the site's
 * own read counter (GET /api/internal/reads), the local chain (production requires RPCs and a recipient), and no voice agent id (its widget
 * script would be a third-party request). Real-project credentials of this shell are dropped.
 */
export function siteEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CATALOG: 'firestore',
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${PORTS.firestore}`,
    FIREBASE_PROJECT_ID: E2E_PROJECT_ID,
    METADATA_SERVER_DETECTION: 'none',
    READ_COUNTER: '1',
    // Google's emulator scans a collection for each query (Firestore reads an index): a search of the large catalog
    // takes it seconds, which the default deadline (10 s) would turn into failed searches instead of figures.
    FIRESTORE_TIMEOUT_MS: '60000',
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_PUBLIC_SITE_URL: SITE_URL,
    REVALIDATE_SECRET,
    ENTITLEMENT_SECRET: 'bench-entitlement-secret-0123456789abcdef',
    // The load section plays the proxy: its requests come from many visitors (X-Forwarded-For).
    TRUSTED_PROXY_HOPS: '1',
    SOLANA_RPC_URL: CHAIN_URL,
    NEXT_PUBLIC_SOLANA_RPC_URL: CHAIN_URL,
    SOLANA_RECIPIENT: E2E_RECIPIENT,
    NEXT_TELEMETRY_DISABLED: '1',
    // The default: the sync section reports what an operator's edit costs and how soon it shows with it.
    CATALOG_SYNC_SECONDS: '300',
  };
  // NODE_ENV is left to next (production) and npm.
  for (const key of ['FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'GOOGLE_APPLICATION_CREDENTIALS', 'NEXT_PUBLIC_VOICE_AGENT_ID', 'NODE_ENV'])
    delete env[key];
  return env;
}

/** Pages measured on the embedded catalog; a locked series, so its page carries a pay button. */
export const PAGES = ['/', '/series/harbor-lights', '/series/harbor-lights/season/season-one', '/short-films/the-moth-collector'];

/**
 * Throughput: each page next to a static copy of its own prerendered HTML, served by the same `next start`
 * (under STATIC_COPIES, written before the server starts: Next lists its static files once, at start), asked
 * for uncompressed and as a browser asks. `/` does not run the proxy (proxy.ts's matcher), the series page does.
 * The two take turns in slices of `slice` seconds, `seconds` each in all: on a shared host the load of the
 * moment then weighs on both alike, and the ratio holds where two back-to-back runs disagree.
 */
export const THROUGHPUT = { connections: 10, seconds: 12, slice: 2, pages: ['/', '/series/harbor-lights'] } as const;
export const STATIC_COPIES = { dir: `${DIST_DIR}/static/bench`, url: '/_next/static/bench' } as const;
/** The encodings a throughput run asks for: none, and a browser's. */
export const ENCODINGS = { identity: 'identity', browser: 'gzip, deflate, br' } as const;
export type Encoding = keyof typeof ENCODINGS;
/** Mixed traffic: five kinds of request, 10 connections each, for 30 s. */
export const LOAD = { connections: 10, seconds: 30, lockedPath: 'trailers/iron-meridian', rangeBytes: 64 * 1024 } as const;
/** What a browser sends: Next compresses pages and static files alike on the fly. */
export const BROWSER_HEADERS = { 'accept-encoding': ENCODINGS.browser, accept: 'text/html,*/*' };

/** Lighthouse's pages at each catalog size, measured beside the framework's floor (bench/floor). */
export const LIGHTHOUSE_PAGES = { embedded: ['/', '/series/harbor-lights'], large: ['/', '/series/gen-long-series'] } as const satisfies Record<
  Size,
  readonly string[]
>;

/**
 * Lighthouse 13 with its default mobile preset: `runs` turns of the floor and each page, in both browsers. The
 * budgets (issue 33) are judged on the medians of the headed runs, against the floor's of the same run.
 */
export const LIGHTHOUSE = {
  runs: 5,
  categories: 'performance,accessibility,best-practices,seo',
  budgets: { minPerformance: 95, maxPointsBelowFloor: 2, maxLcpMs: 1500, maxTbtAboveFloorMs: 100 },
} as const;

export const SCALE = {
  /** Idle time measured; the backstop (REVALIDATE_SECONDS) is a day, so the report scales it to an hour. */
  idleSeconds: 60,
  searches: ['harbor', 'amber', 'meridian drift', 'eridia', 'lantern', 'zzqx', 'a', 'solstice raven', 'willow', 'prism'],
  sizes: {
    embedded: { checkout: 'series/harbor-lights', pages: [...PAGES, '/series'], sync: { renamed: 'series/the-salt-road', page: '/series/the-salt-road' } },
    large: {
      checkout: 'series/gen-long-series',
      sync: { renamed: 'series/gen-series-7', page: '/series/gen-series-7' },
      pages: [
        '/',
        '/series',
        '/series/gen-long-series',
        '/series/gen-series-7/season/s2',
        '/series/gen-long-season/season/s1',
        '/short-films/gen-long-film',
        '/watch/documentaries/gen-documentaries-6',
      ],
    },
  },
} as const;
export type Size = keyof typeof SCALE.sizes;
/** The catalogs a bench stack can run on: the scale sizes, and 100,000 titles (the upkeep section's alone). */
export type StackSize = Size | '100k';

/**
 * Issue 31's upkeep figures. An hour cannot be waited, so time runs 10× faster: the server's CATALOG_SYNC_SECONDS
 * is a tenth of the default (300), which shortens each of the upkeep's intervals and lifetimes alike, and 6 minutes
 * stand for an hour. Half of that is measured and doubled, so both modes at both sizes fit in one run.
 */
export const UPKEEP = {
  defaultSeconds: 300,
  syncSeconds: 30,
  windowSeconds: 180,
  /** When a console write not yet found by search is reported as a miss: an emulator's search of the large catalog, under load, has taken over a minute. */
  giveUpSeconds: 300,
  /** A visitor a minute, at 10× speed; round these pages (a search is rendered on every visit, the others are ISR). */
  visitEverySeconds: 6,
  /**
   * Per size: the pages the visitor goes round, the title renamed and its page, whether search is measured, and
   * whether the crawler fetches every sitemap file. At 100 k, neither: the emulator answers a search by scanning every
   * entry (minutes at 130,000), and a file of titles by scanning each browse page's kind (about a minute a file, of
   * 106), which measures it, not the site; the visitor opens a kind's list instead, and the crawler each kind's first file.
   */
  sizes: {
    embedded: { pages: ['/', '/series/harbor-lights', '/series', '/search?q=harbor'], ...SCALE.sizes.embedded.sync, search: true, everyFile: true },
    large: { pages: ['/', '/series/gen-long-series', '/series', '/search?q=amber'], ...SCALE.sizes.large.sync, search: true, everyFile: true },
    '100k': { pages: ['/', '/series/gen-long-series', '/series', '/trailers'], ...SCALE.sizes.large.sync, search: false, everyFile: false },
  },
} as const satisfies {
  sizes: Record<StackSize, { pages: readonly string[]; renamed: string; page: string; search: boolean; everyFile: boolean }>;
} & Record<string, unknown>;

/**
 * Issue 34's playback figures on a 1080p clip made when the bench runs (never tracked): as the single MP4 an operator
 * uploads today and as the ladder media:package makes of it, two locked trailers one viewer buys.
 */
export const PLAYBACK = {
  clip: { seconds: 60, width: 1920, height: 1080, fps: 30 },
  /** media:package's output, served by the site from public/ (git-ignored), removed when the section ends. */
  streamsDir: 'public/bench-playback',
  /** Each title's Firestore document; its page is the site's own address for it (pageOfDocument). */
  titles: {
    stream: { path: 'trailers/bench-stream-1080p' },
    file: { path: 'trailers/bench-file-1080p' },
  },
  /**
   * A laptop's screen, 1440 × 900 at 2×: the player (1100 px wide) has the pixels of 1080p, so hls.js's
   * capLevelToPlayerSize lets the ladder's top play (at 1×, 720p is all the player can show).
   */
  viewer: { viewport: DESKTOP, deviceScaleFactor: 2 },
  /** A run ends with the clip, or this long after Play (a 1080p MP4 over 1.6 Mbps stalls for minutes). */
  maxRunSeconds: 120,
  /**
   * The "dropping" runs: a home Wi-Fi's connection (12 Mbps, 40 ms: 1080p fits) until `afterSeconds` after Play, then a
   * phone's, which 1080p does not fit: the stream must step down before its buffer runs out. Not from unthrottled: on
   * loopback the whole clip is buffered within a second, and nothing would be left to adapt.
   */
  drop: { from: { offline: false, latency: 40, downloadThroughput: 12_000_000 / 8, uploadThroughput: 5_000_000 / 8 }, afterSeconds: 8 },
} as const;
