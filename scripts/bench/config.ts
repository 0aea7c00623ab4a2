/**
 * Settings of `npm run bench`: ports, the site's environment, how long each measurement runs,
 * the goals it reports against, and the Chromium it drives. Nothing here reaches past loopback.
 */
import path from 'node:path';
import { chromiumArgs, chromiumPath } from '../../e2e/support/chromium';
import { E2E_RECIPIENT } from '../../e2e/support/ports';

export const ROOT = process.cwd();
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

/** Distinct from the e2e stack (site 3210, Firestore 8790, chain 8899) so both can run at once. */
export const PORTS = { site: 3310, redisSite: 3311, firestore: 8795, chain: 8885 } as const;

export const HOST = '127.0.0.1';
export const SITE_URL = `http://${HOST}:${PORTS.site}`;

export const REVALIDATE_SECRET = 'bench-revalidate-secret-0123456789';
const CHAIN_URL = `http://${HOST}:${PORTS.chain}`;

/**
 * The site's environment for the build, the seed and `next start`: the in-process Firestore emulator
 * (so every read can be counted), the local chain (production requires the RPCs and the recipient,
 * and checkouts ask it which cluster it is) and nothing that would make a browser call out of the
 * machine (no voice agent id, so the third-party widget script is not added).
 */
export function siteEnv(): Record<string, string> {
  return {
    CATALOG: 'firestore',
    FIRESTORE_EMULATOR_HOST: `${HOST}:${PORTS.firestore}`,
    FIREBASE_PROJECT_ID: 'demo-solenema',
    METADATA_SERVER_DETECTION: 'none',
    NEXT_PUBLIC_SITE_URL: SITE_URL,
    REVALIDATE_SECRET,
    ENTITLEMENT_SECRET: 'bench-entitlement-secret-0123456789abcdef',
    // The load bench plays the proxy: pages, entitlements and media come from many visitors (see load.ts).
    TRUSTED_PROXY_HOPS: '1',
    SOLANA_RPC_URL: CHAIN_URL,
    NEXT_PUBLIC_SOLANA_RPC_URL: CHAIN_URL,
    SOLANA_RECIPIENT: E2E_RECIPIENT,
    NEXT_TELEMETRY_DISABLED: '1',
  };
}

/** Variables that are never passed to the site: they would point it at a real project. */
export const STRIPPED_ENV = ['FIREBASE_CLIENT_EMAIL', 'FIREBASE_PRIVATE_KEY', 'GOOGLE_APPLICATION_CREDENTIALS', 'NEXT_PUBLIC_VOICE_AGENT_ID'];

export const THROUGHPUT = {
  connections: 10,
  warmupSeconds: 2,
  durationSeconds: 8,
  /** What a browser sends; Next compresses pages and static files alike on the fly. */
  headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' },
} as const;

/** `--only=load`: mixed traffic, split evenly over five kinds of request (see load.ts). */
export const LOAD = {
  connections: 50,
  durationSeconds: 30,
  /** A locked title (content/trailers.json) the bench's buyer owns and checkouts ask for. */
  lockedPath: 'trailers/iron-meridian',
  /** Bytes per media range request, at a random offset. */
  rangeBytes: 64 * 1024,
  headers: { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' },
} as const;

export const READS = {
  /** After the last read, how long the emulator must stay quiet before a render counts as finished. */
  quietMs: 1_000,
  /** Longest wait for a render (and any background regeneration) to finish reading. */
  maxSettleMs: 15_000,
  /** Cached requests per page; the report keeps the highest count. */
  cachedRequests: 3,
} as const;

/** Lighthouse runs per page; the median run is reported (Lighthouse's own advice against variance). */
export const LIGHTHOUSE_RUNS = 3;

export const GOALS = {
  ratio: 0.8,
  /** JavaScript the home and a series page download before any interaction, to network idle. */
  firstVisitJsGzipBytes: 150 * 1024,
  cachedReads: 0,
  lighthouse: { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 },
} as const;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? chromiumPath;

/**
 * Flags for every Chromium the bench starts: the tests' offline flags, plus a resolver rule that
 * makes any host but loopback fail at once, so nothing can reach the internet, whatever it tries.
 */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  ...chromiumArgs.filter((flag) => flag !== '--autoplay-policy=no-user-gesture-required'),
  '--disable-default-apps',
  '--disable-domain-reliability',
  '--metrics-recording-only',
  `--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE ${HOST}`,
];

export interface BenchOptions {
  /** Rebuild even when .next looks reusable. */
  build: boolean;
  /** Never build: reuse whatever .next holds (reported as such). */
  noBuild: boolean;
  /** Rebuild even when other Next processes (an e2e server, say) work on the same .next. */
  force: boolean;
  /** Sections to run; all by default. */
  only: Set<Section>;
  lighthouseRuns: number;
}

export const SECTIONS = ['reads', 'throughput', 'load', 'bytes', 'lighthouse', 'search', 'scale'] as const;
/** The sections that measure the running site; `search` runs in this process, `scale` starts its own emulators, builds and servers. */
export const SITE_SECTIONS: readonly Section[] = ['reads', 'throughput', 'load', 'bytes', 'lighthouse'];
export type Section = (typeof SECTIONS)[number];

const USAGE = `usage: npm run bench -- [--build | --no-build] [--force] [--only=reads,throughput,load,bytes,lighthouse,search,scale] [--lighthouse-runs=N]
  --build              rebuild .next even when it is reusable
  --no-build           reuse .next as it is, even if stale or built with another environment
  --force              rebuild even while other Next processes (e2e server, a build) use this .next
  --only               run only these measurements (search alone starts no server, build or emulator; scale
                       builds and measures the site on the embedded and on a large generated catalog)
  --lighthouse-runs=N  Lighthouse runs per page, the median reported (default ${LIGHTHOUSE_RUNS})`;

export function parseArgs(argv: string[]): BenchOptions {
  const options: BenchOptions = { build: false, noBuild: false, force: false, only: new Set(SECTIONS), lighthouseRuns: LIGHTHOUSE_RUNS };
  for (const arg of argv) {
    if (arg === '--build') options.build = true;
    else if (arg === '--no-build') options.noBuild = true;
    else if (arg === '--force') options.force = true;
    else if (arg.startsWith('--only=')) {
      const wanted = arg.slice('--only='.length).split(',').filter(Boolean);
      const unknown = wanted.filter((name) => !(SECTIONS as readonly string[]).includes(name));
      if (unknown.length > 0 || wanted.length === 0) throw new UsageError(`unknown section(s): ${unknown.join(', ') || '(none)'}`);
      options.only = new Set(wanted as Section[]);
    } else if (arg.startsWith('--lighthouse-runs=')) {
      const runs = Number(arg.slice('--lighthouse-runs='.length));
      if (!Number.isInteger(runs) || runs < 1 || runs > 9) throw new UsageError('--lighthouse-runs expects a whole number from 1 to 9');
      options.lighthouseRuns = runs;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else throw new UsageError(`unknown argument: ${arg}`);
  }
  if (options.build && options.noBuild) throw new UsageError('--build and --no-build exclude each other');
  return options;
}

export class UsageError extends Error {
  constructor(problem: string) {
    super(problem ? `${problem}\n${USAGE}` : USAGE);
    this.name = 'UsageError';
  }
}
