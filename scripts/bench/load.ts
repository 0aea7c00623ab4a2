/**
 * Mixed traffic: the home page, a series page, a buyer's entitlements, checkouts of a locked title
 * and range requests on the buyer's private video, all at once (one autocannon run of 10 connections
 * per kind, started together), so each kind gets its own req/s and latency.
 *
 * The buyer is made without a wallet: a grant is written straight into the emulator's ledger for a
 * fresh browser id, and the browser cookie is signed with the server's ENTITLEMENT_SECRET. Checkouts
 * beyond the per-client budget (lib/http/rate-limit.ts) are answered 429 on purpose: counted apart.
 */
import autocannon from 'autocannon';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getFirestore } from 'firebase-admin/firestore';
import { startRedis } from '../../e2e/support/redis';
import { browserCookieValue, BROWSER_COOKIE, newBrowserId } from '../../lib/payments/entitlements';
import { LOAD, siteEnv } from './config';
import { startSite, stopSite } from './server';
import { log } from './util';

export interface LoadKindResult {
  kind: string;
  method: string;
  path: string;
  requests: number;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** 2xx answers (206 included). */
  ok: number;
  partial: number;
  /** Deliberate 429s of the rate limiter. */
  limited: number;
  /** Other statuses (3xx excepted), plus socket errors and timeouts. */
  errors: number;
  statuses: Record<string, number>;
}

export interface LoadResult {
  connections: number;
  durationSeconds: number;
  total: Omit<LoadKindResult, 'kind' | 'method' | 'path' | 'statuses'>;
  kinds: LoadKindResult[];
}

interface Kind {
  kind: string;
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** A fresh Range header per request. */
  range?: (bytes: number) => string;
  /** Every request from one client (X-Forwarded-For), to meet its limit; otherwise each from a visitor of its own. */
  oneClient?: boolean;
}

/** Each request a visitor of its own: per-client limits measure nothing here but the limiter's own cost. */
const visitor = () => `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`;

/** Writes a grant for a new browser into the emulator's ledger; answers the browser's cookie. */
async function makeBuyer(emulatorHost: string, lockedPath: string): Promise<string> {
  const env = siteEnv();
  const app = initializeApp({ projectId: env.FIREBASE_PROJECT_ID }, `bench-load-${Date.now()}`);
  try {
    const db = getFirestore(app);
    db.settings({ host: emulatorHost, ssl: false });
    const browser = newBrowserId();
    await db.doc(`entitlements/${browser}~bench`).set({ browser, path: lockedPath, via: 'bench', grantedAt: new Date().toISOString() });
    return `${BROWSER_COOKIE}=${browserCookieValue(env.ENTITLEMENT_SECRET ?? '', browser)}`;
  } finally {
    await deleteApp(app);
  }
}

/** The buyer's playback link for the title, and the video's size (from a first range request). */
async function mediaOf(siteUrl: string, cookie: string, lockedPath: string): Promise<{ path: string; bytes: number }> {
  const response = await fetch(`${siteUrl}/api/entitlements`, { headers: { cookie }, signal: AbortSignal.timeout(30_000) });
  const body = (await response.json()) as { videos?: Record<string, string> };
  const link = Object.entries(body.videos ?? {}).find(([path]) => path === lockedPath || path.startsWith(`${lockedPath}/`))?.[1];
  if (!link) throw new Error(`GET /api/entitlements (${response.status}) gave the bench's buyer no link for ${lockedPath}`);
  const probe = await fetch(`${siteUrl}${link}`, { headers: { cookie, range: 'bytes=0-0' }, signal: AbortSignal.timeout(30_000) });
  await probe.arrayBuffer();
  const bytes = Number(probe.headers.get('content-range')?.split('/')[1]);
  if (probe.status !== 206 || !Number.isFinite(bytes) || bytes <= 0) throw new Error(`${link} answered ${probe.status} to a range request`);
  return { path: link, bytes };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}

function run(siteUrl: string, kind: Kind, size: number): Promise<{ result: LoadKindResult; latencies: number[] }> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const headers = { ...LOAD.headers, ...kind.headers };
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: siteUrl,
        connections: LOAD.connections / 5,
        duration: LOAD.durationSeconds,
        timeout: 10,
        requests: [
          {
            method: kind.method,
            path: kind.path,
            headers,
            ...(kind.body !== undefined && { body: kind.body }),
            setupRequest: (request) => ({
              ...request,
              headers: { ...headers, 'x-forwarded-for': kind.oneClient ? '198.18.0.1' : visitor(), ...(kind.range && { range: kind.range(size) }) },
            }),
          },
        ],
      },
      (error: unknown, result: autocannon.Result) => {
        if (error) return reject(error instanceof Error ? error : new Error(String(error)));
        const count = (test: (status: number) => boolean) =>
          Object.entries(statuses).reduce((sum, [status, n]) => sum + (test(Number(status)) ? n : 0), 0);
        const sorted = latencies.sort((a, b) => a - b);
        const summary: LoadKindResult = {
          kind: kind.kind,
          method: kind.method,
          path: kind.path,
          requests: latencies.length,
          requestsPerSecond: latencies.length / (result.duration || LOAD.durationSeconds),
          latencyP50Ms: percentile(sorted, 50),
          latencyP99Ms: percentile(sorted, 99),
          ok: count((s) => s >= 200 && s < 300),
          partial: count((s) => s === 206),
          limited: count((s) => s === 429),
          errors: count((s) => s >= 400 && s !== 429) + result.errors,
          statuses,
        };
        resolve({ result: summary, latencies: sorted });
      },
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(responseTime);
    });
  });
}

export async function measureLoad(siteUrl: string, emulatorHost: string, seriesPath: string): Promise<LoadResult> {
  const cookie = await makeBuyer(emulatorHost, LOAD.lockedPath);
  const media = await mediaOf(siteUrl, cookie, LOAD.lockedPath);
  const chunk = LOAD.rangeBytes;
  const kinds: Kind[] = [
    { kind: 'home', method: 'GET', path: '/' },
    { kind: 'series', method: 'GET', path: seriesPath },
    { kind: 'entitlements', method: 'GET', path: '/api/entitlements', headers: { cookie } },
    {
      kind: 'checkout',
      method: 'POST',
      path: '/api/checkout',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ path: LOAD.lockedPath }),
      oneClient: true,
    },
    {
      kind: 'media range',
      method: 'GET',
      path: media.path,
      headers: { cookie },
      range: (bytes) => {
        const start = Math.floor(Math.random() * Math.max(1, bytes - chunk));
        return `bytes=${start}-${Math.min(bytes, start + chunk) - 1}`;
      },
    },
  ];
  log(`load: ${LOAD.connections} connections for ${LOAD.durationSeconds} s over ${kinds.map((k) => k.kind).join(', ')}`);
  const runs = await Promise.all(kinds.map((kind) => run(siteUrl, kind, media.bytes)));
  const results = runs.map((r) => r.result);
  const all = runs.flatMap((r) => r.latencies).sort((a, b) => a - b);
  const sum = (pick: (result: LoadKindResult) => number) => results.reduce((total, result) => total + pick(result), 0);
  return {
    connections: LOAD.connections,
    durationSeconds: LOAD.durationSeconds,
    total: {
      requests: sum((r) => r.requests),
      requestsPerSecond: sum((r) => r.requestsPerSecond),
      latencyP50Ms: percentile(all, 50),
      latencyP99Ms: percentile(all, 99),
      ok: sum((r) => r.ok),
      partial: sum((r) => r.partial),
      limited: sum((r) => r.limited),
      errors: sum((r) => r.errors),
    },
    kinds: results,
  };
}

/**
 * Runs `measure` against a second `next start` of the same build whose limits live in a local
 * redis-server (REDIS_URL): what sharing the counts across instances costs each request.
 */
export async function withRedisSite<T>(env: NodeJS.ProcessEnv, port: number, logFile: string, measure: (siteUrl: string) => Promise<T>): Promise<T> {
  const redis = await startRedis();
  try {
    const site = await startSite({ ...env, REDIS_URL: redis.url }, port, logFile);
    try {
      log(`load: a second site on ${site.url} with its limits in Redis (${redis.url})`);
      return await measure(site.url);
    } finally {
      await stopSite(site);
    }
  } finally {
    await redis.stop();
  }
}
