/**
 * HTTP figures with autocannon on loopback. Throughput: each page next to a static copy of its own HTML
 * served by the same `next start`, uncompressed and as a browser asks (both compressed on the fly). Load: mixed
 * traffic of five kinds at once (pages, a buyer's entitlements and media ranges, checkouts from one client
 * whose 429s are the rate limiter at work), against this site and a second one whose limits live in Redis.
 */
import autocannon from 'autocannon';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startRedis } from '../../e2e/support/redis';
import { startServer, stopServer } from '../../e2e/support/processes';
import { browserCookieValue, BROWSER_COOKIE, newBrowserId } from '../../lib/identity/browser-cookie';
import { BROWSER_HEADERS, ENCODINGS, type Encoding, LOAD, PORTS, RESULTS_DIR, STATIC_COPIES, THROUGHPUT } from './config';
import { log, staticCopy, type Stack } from './stack';

export interface Run {
  rps: number;
  p50: number;
  p99: number;
  /** Answers by class: 2xx, 429 (deliberate), other (errors, 3xx excepted, and socket errors). */
  ok: number;
  limited: number;
  errors: number;
}

type Request = NonNullable<autocannon.Options['requests']>[number];

/** One bounded autocannon run; `request` may change each request (a fresh visitor, a random range). */
function cannon(url: string, connections: number, seconds: number, request: Request = {}, headers: Record<string, string> = BROWSER_HEADERS): Promise<Run> {
  return new Promise((resolve, reject) => {
    let limited = 0;
    const instance = autocannon({ url, connections, duration: seconds, timeout: 10, headers, requests: [request] }, (error, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      const other = result.non2xx - limited - result['3xx'];
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        ok: result['2xx'],
        limited,
        errors: other + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client, status) => void (status === 429 && (limited += 1)));
  });
}

export interface Throughput {
  path: string;
  /** The page's static copy (STATIC_COPIES) and the bytes of each, uncompressed: they differ only if the page was rendered again since the build. */
  copy: string;
  htmlBytes: number;
  copyBytes: number;
  /** The page and its copy, by the encoding asked for. */
  runs: Record<Encoding, { page: Run; static: Run }>;
}

/** Slices of one URL as one run: req/s and counts over all of them, the median slice's p50, the worst slice's p99. */
function merged(slices: Run[]): Run {
  const sum = (key: 'rps' | 'ok' | 'limited' | 'errors') => slices.reduce((total, slice) => total + slice[key], 0);
  const p50s = slices.map((slice) => slice.p50).sort((a, b) => a - b);
  return {
    rps: sum('rps') / slices.length,
    p50: p50s[Math.floor(p50s.length / 2)]!,
    p99: Math.max(...slices.map((slice) => slice.p99)),
    ok: sum('ok'),
    limited: sum('limited'),
    errors: sum('errors'),
  };
}

/** The page and its copy in turns (THROUGHPUT.slice), after a warm-up of each. */
async function inTurns(page: string, copy: string, headers: Record<string, string>): Promise<{ page: Run; static: Run }> {
  const slice = (url: string, seconds: number = THROUGHPUT.slice) => cannon(url, THROUGHPUT.connections, seconds, {}, headers);
  await slice(page);
  await slice(copy);
  const slices: { page: Run[]; static: Run[] } = { page: [], static: [] };
  for (let turn = 0; turn < THROUGHPUT.seconds / THROUGHPUT.slice; turn++) {
    slices.page.push(await slice(page));
    slices.static.push(await slice(copy));
  }
  return { page: merged(slices.page), static: merged(slices.static) };
}

const bodyBytes = async (url: string) => (await (await fetch(url, { headers: { 'accept-encoding': ENCODINGS.identity } })).arrayBuffer()).byteLength;

export async function measureThroughput(stack: Stack): Promise<Throughput[]> {
  const results: Throughput[] = [];
  for (const path of THROUGHPUT.pages) {
    const copy = `${STATIC_COPIES.url}/${staticCopy(path)}`;
    const [htmlBytes, copyBytes] = [await bodyBytes(`${stack.url}${path}`), await bodyBytes(`${stack.url}${copy}`)];
    log(`throughput ${path} (${htmlBytes} B) vs ${copy} (${copyBytes} B)`);
    const runs = {} as Throughput['runs'];
    for (const encoding of Object.keys(ENCODINGS) as Encoding[]) {
      runs[encoding] = await inTurns(`${stack.url}${path}`, `${stack.url}${copy}`, { ...BROWSER_HEADERS, 'accept-encoding': ENCODINGS[encoding] });
    }
    results.push({ path, copy, htmlBytes, copyBytes, runs });
  }
  return results;
}

/** A buyer without a wallet: a grant written straight into the emulator's ledger, and its signed browser cookie. */
async function buyer(env: NodeJS.ProcessEnv): Promise<string> {
  const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, `bench-${Date.now()}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: env.FIRESTORE_EMULATOR_HOST, ssl: false });
    const browser = newBrowserId();
    await db.doc(`entitlements/${browser}~bench`).set({ browser, path: LOAD.lockedPath, via: 'bench', grantedAt: new Date().toISOString() });
    return `${BROWSER_COOKIE}=${browserCookieValue(env.ENTITLEMENT_SECRET ?? '', browser)}`;
  } finally {
    await deleteApp(app);
  }
}

const visitor = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** Each kind of request at once, 10 connections each; keyed by kind. */
async function mixedLoad(url: string, cookie: string): Promise<Record<string, Run>> {
  const entitlements = (await (await fetch(`${url}/api/entitlements`, { headers: { cookie } })).json()) as { videos?: Record<string, string> };
  const media = Object.entries(entitlements.videos ?? {}).find(([path]) => path.startsWith(LOAD.lockedPath))?.[1];
  if (!media) throw new Error(`the bench's buyer got no playback link for ${LOAD.lockedPath}`);
  const probe = await fetch(`${url}${media}`, { headers: { cookie, range: 'bytes=0-0' } });
  const size = Number(probe.headers.get('content-range')?.split('/')[1]);
  const fromVisitor = (extra: Record<string, string> = {}): Request => ({
    setupRequest: (r) => ({ ...r, headers: { ...r.headers, ...extra, 'x-forwarded-for': visitor() } }),
  });
  const range = (): string => {
    const start = Math.floor(Math.random() * Math.max(1, size - LOAD.rangeBytes));
    return `bytes=${start}-${Math.min(size, start + LOAD.rangeBytes) - 1}`;
  };
  const kinds: Record<string, Request> = {
    home: { path: '/', ...fromVisitor() },
    series: { path: '/series/harbor-lights', ...fromVisitor() },
    entitlements: { path: '/api/entitlements', ...fromVisitor({ cookie }) },
    checkout: {
      path: '/api/checkout',
      method: 'POST',
      body: JSON.stringify({ path: LOAD.lockedPath }),
      headers: { ...BROWSER_HEADERS, cookie, origin: url, 'content-type': 'application/json', 'x-forwarded-for': '198.18.0.1' },
    },
    'media range': { path: media, setupRequest: (r) => ({ ...r, headers: { ...r.headers, cookie, range: range(), 'x-forwarded-for': visitor() } }) },
  };
  const runs = await Promise.all(Object.values(kinds).map((request) => cannon(url, LOAD.connections, LOAD.seconds, request)));
  return Object.fromEntries(Object.keys(kinds).map((kind, i) => [kind, runs[i]!]));
}

/** The mixed load on this site, then on a second `next start` of the same build with its limits in Redis. */
export async function measureLoad(stack: Stack): Promise<{ memory: Record<string, Run>; redis: Record<string, Run> }> {
  const cookie = await buyer(stack.env);
  log(`load: 5 kinds × ${LOAD.connections} connections for ${LOAD.seconds} s`);
  const memory = await mixedLoad(stack.url, cookie);
  const redis = await startRedis();
  const url = `http://127.0.0.1:${PORTS.redisSite}`;
  const env = { ...stack.env, REDIS_URL: redis.url };
  const site = await startServer('npx', ['next', 'start', '-p', String(PORTS.redisSite), '-H', '127.0.0.1'], env, url, {
    logFile: `${RESULTS_DIR}/server-redis.log`,
  });
  try {
    log('load: again, limits in Redis');
    return { memory, redis: await mixedLoad(url, cookie) };
  } finally {
    stopServer(site);
    await redis.stop();
  }
}
