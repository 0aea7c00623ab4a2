/** Runs once when the server starts: a bad environment stops it here, with a readable message; then the catalog sync starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { checkStartupEnv } = await import('./lib/env/startup');
  checkStartupEnv();
  const { startCatalogSync } = await import('./lib/catalog/sync/service');
  startCatalogSync();
}
