/**
 * The production site under test: decides whether .next can be reused, builds when it cannot,
 * seeds the emulator, starts `next start` on loopback and stops it (with its process group).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { HOST, ROOT } from './config';
import { nextProcessesIn } from './machine';
import { log, sleep } from './util';

const NEXT_DIR = path.join(ROOT, '.next');
const BUILD_ID_FILE = path.join(NEXT_DIR, 'BUILD_ID');
/** What the bench knows about the build in .next: which build, made when, with which environment. */
const BUILD_RECORD_FILE = path.join(NEXT_DIR, 'bench-build.json');

/** Folders a build depends on: a change to any file in them after the build makes it stale. */
const SOURCE_DIRS = ['app', 'components', 'lib', 'content', 'public', 'styles', 'hooks'];
/** Files at the root a build depends on (next-env.d.ts is left out: the build itself rewrites it). */
const SOURCE_ROOT_FILES = /^(next\.config|proxy|middleware|instrumentation(-client)?|postcss\.config)\.[cm]?[jt]sx?$|^(tsconfig\.json|package-lock\.json)$/;
const DOTENV_FILES = ['.env', '.env.production', '.env.local', '.env.production.local'];

interface BuildRecord {
  buildId: string;
  builtAt: string;
  fingerprint: string;
  env: Record<string, string>;
}

export interface BuildInfo {
  built: boolean;
  reason: string;
  buildId: string;
  builtAt: string | null;
  buildSeconds: number | null;
}

/** The part of the environment that a build bakes in: public variables, the backend, dotenv files. */
function buildEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  const relevant: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (key.startsWith('NEXT_PUBLIC_') || ['CATALOG', 'FIRESTORE_EMULATOR_HOST', 'FIREBASE_PROJECT_ID', 'REVALIDATE_SECONDS'].includes(key)) {
      relevant[key] = value;
    }
  }
  for (const file of DOTENV_FILES) {
    const full = path.join(ROOT, file);
    if (existsSync(full)) relevant[`file:${file}`] = createHash('sha256').update(readFileSync(full)).digest('hex').slice(0, 16);
  }
  return Object.fromEntries(Object.entries(relevant).sort(([a], [b]) => a.localeCompare(b)));
}

function fingerprintOf(environment: Record<string, string>): string {
  return createHash('sha256').update(JSON.stringify(environment)).digest('hex');
}

/** The newest modification time among the build's sources, and the file that has it. */
function newestSource(): { file: string; mtimeMs: number } {
  let newest = { file: '', mtimeMs: 0 };
  const visit = (full: string) => {
    let stat;
    try {
      stat = statSync(full);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of readdirSync(full)) if (entry !== 'node_modules' && !entry.startsWith('.')) visit(path.join(full, entry));
    } else if (stat.mtimeMs > newest.mtimeMs) {
      newest = { file: path.relative(ROOT, full), mtimeMs: stat.mtimeMs };
    }
  };
  for (const dir of SOURCE_DIRS) visit(path.join(ROOT, dir));
  for (const file of readdirSync(ROOT)) if (SOURCE_ROOT_FILES.test(file)) visit(path.join(ROOT, file));
  return newest;
}

function readRecord(): BuildRecord | null {
  try {
    return JSON.parse(readFileSync(BUILD_RECORD_FILE, 'utf8')) as BuildRecord;
  } catch {
    return null;
  }
}

export function currentBuildId(): string | null {
  return existsSync(BUILD_ID_FILE) ? readFileSync(BUILD_ID_FILE, 'utf8').trim() : null;
}

/** Why .next cannot be reused for this run, or null when it can. */
function staleReason(environment: Record<string, string>): string | null {
  const buildId = currentBuildId();
  if (!buildId) return 'no build in .next';
  const record = readRecord();
  if (!record) return 'the build in .next was not made by the bench (its environment is unknown)';
  if (record.buildId !== buildId) return 'the build in .next was replaced by another build since the bench made it';
  if (record.fingerprint !== fingerprintOf(environment)) {
    const changed = Object.keys({ ...record.env, ...environment }).filter((key) => record.env[key] !== environment[key]);
    return `the build was made with another environment (${changed.join(', ')})`;
  }
  const newest = newestSource();
  if (newest.mtimeMs > Date.parse(record.builtAt)) return `sources changed since the build (${newest.file})`;
  return null;
}

/** Commands (seed, build) running now, so a signal can stop them too. */
const commands = new Set<ChildProcess>();

/** Runs a command to completion, its output sent to stderr; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', process.stderr, process.stderr], detached: true });
    commands.add(child);
    child.on('error', (error) => {
      commands.delete(child);
      reject(error);
    });
    child.on('exit', (code, signal) => {
      commands.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}

/** Stops the commands still running (with their process groups). */
export function stopCommands(): void {
  for (const child of commands) killGroup(child, 'SIGTERM');
}

function nextBin(): string {
  return createRequire(path.join(ROOT, 'package.json')).resolve('next/dist/bin/next');
}

/** Builds when needed (or asked), recording the environment the build was made with. */
export async function ensureBuild(
  env: NodeJS.ProcessEnv,
  options: { build: boolean; noBuild: boolean; force: boolean },
): Promise<BuildInfo> {
  const environment = buildEnvironment(env);
  const record = readRecord();
  const existingId = currentBuildId();
  const reason = options.build ? 'rebuild asked for (--build)' : staleReason(environment);

  if (!reason || options.noBuild) {
    if (!existingId) throw new Error('--no-build given but .next holds no build: run without it');
    const note = reason ? `reused as asked (--no-build), although ${reason}` : 'reused: same environment, no source changed since';
    log(`build ${existingId}: ${note}`);
    return {
      built: false,
      reason: note,
      buildId: existingId,
      builtAt: record?.buildId === existingId ? record.builtAt : null,
      buildSeconds: null,
    };
  }

  const others = nextProcessesIn(ROOT);
  if (others.length > 0 && !options.force) {
    throw new Error(
      `a rebuild is needed (${reason}), but other Next processes work on this .next (${others.join('; ')}); ` +
        'rebuilding now would break them. Retry when they are done, pass --no-build to measure the build as it is, or --force.',
    );
  }

  log(`building (${reason}); this takes a few minutes on 2 cores`);
  const started = Date.now();
  const builtAt = new Date(started).toISOString();
  await run(process.execPath, [nextBin(), 'build'], env);
  const buildId = currentBuildId();
  if (!buildId) throw new Error('next build finished but wrote no .next/BUILD_ID');
  const next: BuildRecord = { buildId, builtAt, fingerprint: fingerprintOf(environment), env: environment };
  writeFileSync(BUILD_RECORD_FILE, `${JSON.stringify(next, null, 2)}\n`);
  const buildSeconds = Math.round((Date.now() - started) / 1000);
  log(`built ${buildId} in ${buildSeconds} s`);
  return { built: true, reason, buildId, builtAt, buildSeconds };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  logFile: string;
}

/** Starts `next start` on loopback in its own process group; resolves once it answers. */
export async function startSite(env: NodeJS.ProcessEnv, port: number, logFile: string, timeoutMs = 60_000): Promise<RunningServer> {
  const url = `http://${HOST}:${port}`;
  const out = createWriteStream(logFile);
  const child = spawn(process.execPath, [nextBin(), 'start', '-p', String(port), '-H', HOST], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const server = { url, child, logFile };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`next start exited (${child.signalCode ?? child.exitCode}) before answering; see ${logFile}`);
    }
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
      return server;
    } catch {
      await sleep(250);
    }
  }
  await stopSite(server);
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s; see ${logFile}`);
}

/** Stops the server and its children (SIGTERM to the group, SIGKILL after 5 s). */
export async function stopSite(server: RunningServer | undefined): Promise<void> {
  const child = server?.child;
  if (!child?.pid) return;
  const running = child.exitCode === null && child.signalCode === null;
  const exited = running ? new Promise<void>((resolve) => child.once('exit', () => resolve())) : Promise.resolve();
  killGroup(child, 'SIGTERM');
  const timer = setTimeout(() => killGroup(child, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Signals the server's whole process group (it was started detached, so the group is its own). */
export function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group is gone already.
  }
}
