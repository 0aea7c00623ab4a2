import { existsSync, mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { E2E_FIREBASE, E2E_PORTS, E2E_VARIANT_PRICE_LAMPORTS, INSIGHT_SITE_URL } from './ports';
import { run, startServer } from './processes';

const INSIGHT_DIST_DIR = '.next/field-insight';
/** Written when the build or its server failed: the specs that wait say why instead of waiting out their time. */
const FAILED = '.e2e/insight-site.failed';
/** Its build runs while tests report: its output goes here, not between their lines. */
const BUILD_LOG = '.e2e/insight-build.log';
/** A build on a busy 2-core machine, then the server's start. */
const READY_WITHIN_MS = 9 * 60_000;

/** The second site: NEXT_PUBLIC_* settings and prerendered prices are fixed at build time, so it needs a build of its own. */
const insightSiteEnv = {
  NEXT_DIST_DIR: INSIGHT_DIST_DIR,
  NEXT_PUBLIC_SITE_URL: INSIGHT_SITE_URL,
  NEXT_PUBLIC_FIREBASE_API_KEY: E2E_FIREBASE.apiKey,
  NEXT_PUBLIC_FIREBASE_PROJECT_ID: E2E_FIREBASE.projectId,
  NEXT_PUBLIC_FIREBASE_APP_ID: E2E_FIREBASE.appId,
  NEXT_PUBLIC_FIREBASE_MEASUREMENT_ID: E2E_FIREBASE.measurementId,
  NEXT_PUBLIC_ANALYTICS_CONSENT: 'required',
  // Pages are prerendered with the build's price: this build and its server charge another one.
  PRICE_LAMPORTS: String(E2E_VARIANT_PRICE_LAMPORTS),
};

/**
 * Builds (inside .next, after the first build) and serves the field-insight site. Global setup starts it and
 * does not wait: the build overlaps the first tests, and only the specs on this site wait for it.
 */
export async function startInsightSite(env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  rmSync(FAILED, { force: true });
  const insightEnv = { ...env, ...insightSiteEnv };
  try {
    if (!(env.E2E_SKIP_BUILD && existsSync(`${INSIGHT_DIST_DIR}/BUILD_ID`)))
      await run('npx', ['next', 'build'], insightEnv, { logFile: BUILD_LOG, quiet: true });
    return await startServer('npx', ['next', 'start', '-p', String(E2E_PORTS.insightSite), '-H', '127.0.0.1'], insightEnv, INSIGHT_SITE_URL);
  } catch (error) {
    mkdirSync('.e2e', { recursive: true });
    writeFileSync(FAILED, `${String(error)} (see ${BUILD_LOG})`);
    throw error;
  }
}

/** For a spec's beforeAll: resolves once the field-insight site answers; rejects with the reason if it never will. */
export async function insightSiteReady(): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  while (Date.now() < deadline) {
    if (existsSync(FAILED)) throw new Error(`the field-insight site did not start: ${readFileSync(FAILED, 'utf8')}`);
    const answered = await fetch(INSIGHT_SITE_URL).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`${INSIGHT_SITE_URL} did not answer within ${READY_WITHIN_MS / 60_000} minutes`);
}

/** Waits in the spec's beforeAll, with the time the wait may take. */
export const READY_TIMEOUT_MS = READY_WITHIN_MS + 30_000;
