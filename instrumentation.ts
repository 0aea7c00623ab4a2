/** Runs once when the server starts: a bad environment stops it here, with a readable message; then the catalog sync starts. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { checkStartupEnv } = await import('./lib/env/startup');
  checkStartupEnv();
  const { watchCatalogEdits } = await import('./lib/catalog/sync/service');
  const { catalogSyncRoute } = await import('./lib/routes');
  // The listeners' edits are synced through the cron route: Next expires cache tags only within a request.
  watchCatalogEdits(async (authorization) => {
    const origin = process.env.__NEXT_PRIVATE_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? 3000}`;
    const response = await fetch(`${origin}${catalogSyncRoute}`, { headers: { authorization }, signal: AbortSignal.timeout(10 * 60_000) });
    if (!response.ok) throw new Error(`${response.status} ${(await response.text()).slice(0, 200)}`);
  });
}
