import { spawnSync } from 'node:child_process';
import type { Env } from '../env/schema';
import { catalogUpkeep } from '../catalog/upkeep';

/**
 * Before `next build` prerenders, the catalog's derived fields are brought up to date (`npm run catalog:sync`),
 * so titles written by hand in the Firebase console are on the prerendered rows, browse pages and sitemaps of a
 * fresh deploy, Vercel's included. A child process: the catalog's modules are server-only, which next.config
 * cannot load. A sync that fails leaves the build to go on with the catalog as it is (visits index the rest).
 */
export function syncCatalogBeforePrerender(env: Env): void {
  if (catalogUpkeep(env).mode === 'off') return;
  const sync = spawnSync('npx', ['tsx', '--conditions=react-server', 'scripts/catalog-sync.ts'], { stdio: 'inherit', env: process.env });
  if (sync.status !== 0) console.warn('catalog:sync failed before prerendering: titles written by hand since the last sync show once a visit indexes them');
}
