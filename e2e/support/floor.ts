import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { run, startServer, stopServer } from './processes';

/**
 * The framework's floor (docs/performance.md): bench/floor, an App Router app of one heading and no CSS, built
 * with the project's own Next and React. What the site downloads is budgeted as what it adds to this page.
 */
export const FLOOR_DIR = 'bench/floor';

/** What the site's own script may add to the floor's, gzip, on `/` and a title page (issue 33). */
export const SCRIPT_ABOVE_FLOOR_BUDGET_BYTES = 8 * 1024;

/** The floor's figure as last measured, with the versions it was measured with (npm run floor:measure writes it). */
export interface PinnedFloor {
  next: string;
  react: string;
  reactDom: string;
  /** Script a visit of the floor downloads to network idle, gzip (e2e/support/first-load.ts counts it). */
  scriptGzipBytes: number;
  measuredAt: string;
}
export const PINNED_FLOOR_FILE = 'e2e/support/floor.json';
export const pinnedFloor = () => JSON.parse(readFileSync(PINNED_FLOOR_FILE, 'utf8')) as PinnedFloor;

/** The versions installed now: a pin measured with others no longer says what the floor is. */
export function installedFramework(): Pick<PinnedFloor, 'next' | 'react' | 'reactDom'> {
  const version = (name: string) => (createRequire(`${process.cwd()}/`)(`${name}/package.json`) as { version: string }).version;
  return { next: version('next'), react: version('react'), reactDom: version('react-dom') };
}

/** The floor reads no setting of its own. */
const floorEnv = (): NodeJS.ProcessEnv => ({ ...process.env, NEXT_TELEMETRY_DISABLED: '1' });

/** `next build` of the floor, in its own folder (bench/floor/.next). */
export const buildFloor = (logFile?: string) => run('npx', ['next', 'build', FLOOR_DIR], floorEnv(), { logFile });

/** `next start` of the floor's build on loopback. */
export async function startFloor(port: number, logFile?: string): Promise<{ url: string; server: ChildProcess; stop: () => void }> {
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer('npx', ['next', 'start', FLOOR_DIR, '-p', String(port), '-H', '127.0.0.1'], floorEnv(), url, { logFile });
  return { url, server, stop: () => stopServer(server) };
}
