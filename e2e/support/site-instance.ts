import { e2eSiteEnv } from './global-setup';
import { startServer } from './processes';

/**
 * Another `next start` of the e2e build at `url`, with server settings of its own on top of the main
 * site's (a short checkout window, a rotated key, another cluster). NEXT_PUBLIC_* settings are the build's.
 */
export function startSiteInstance(url: string, settings: Record<string, string>) {
  const env = { ...process.env, ...e2eSiteEnv, ...settings };
  return startServer('npx', ['next', 'start', '-p', new URL(url).port, '-H', '127.0.0.1'], env, url);
}
