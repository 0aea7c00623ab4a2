import { spawnSync } from 'node:child_process';
import type { Env } from '../env/schema';
import { catalogUpkeep } from '../catalog/upkeep';

/** The build's sync starts no title after this; Vercel stops a build at 45 minutes. */
const BUILD_SYNC_SECONDS = 300;
/** A sync past its budget by this much (a hung Firestore call) is stopped: the deploy goes on without it. */
const GRACE_SECONDS = 60;

/**
 * Before `next build` prerenders, the catalog's derived fields are brought up to date (`npm run catalog:sync`),
 * so titles written by hand in the Firebase console are on the prerendered rows, browse pages and sitemaps of a
 * fresh deploy, Vercel's included. A child process: the catalog's modules are server-only, which next.config
 * cannot load. A sync that fails, or runs out of time, never fails the deploy: the site's upkeep indexes the rest.
 */
export function syncCatalogBeforePrerender(env: Env): void {
  if (catalogUpkeep(env).mode === 'off') return;
  const sync = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/catalog-sync.ts', `--seconds=${BUILD_SYNC_SECONDS}`], {
    stdio: 'inherit',
    env: process.env,
    timeout: (BUILD_SYNC_SECONDS + GRACE_SECONDS) * 1000,
    killSignal: 'SIGKILL',
  });
  if (sync.status !== 0)
    console.warn('catalog:sync did not finish before prerendering: titles written by hand since the last sync show once the site indexes them');
}
