import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname } from 'node:path';

/** Sends a child's output to this terminal (unless `quiet`) and, with `logFile`, to that file too. */
function tee(child: ChildProcess, logFile?: string, quiet = false) {
  const log = logFile ? (mkdirSync(dirname(logFile), { recursive: true }), createWriteStream(logFile)) : null;
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ] as const) {
    from?.on('data', (chunk: Buffer) => {
      if (!quiet) to.write(chunk);
      log?.write(chunk);
    });
  }
}

/** Runs a command to completion, its output shown (unless `quiet`) and kept in `logFile`; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv, { logFile, quiet }: { logFile?: string; quiet?: boolean } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    tee(child, logFile, quiet);
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

/**
 * Starts a long-running server and resolves once `url` answers, or rejects after `timeoutMs`. Its
 * output goes to this terminal and, with `logFile`, to that file too.
 */
export async function startServer(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  url: string,
  { timeoutMs = 60_000, logFile }: { timeoutMs?: number; logFile?: string } = {},
): Promise<ChildProcess> {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  tee(child, logFile);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${command} exited with ${child.exitCode} before ${url} answered`);
    try {
      await fetch(url);
      return child;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  stopServer(child);
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Stops a server started by startServer, with its children (next start forks). */
export function stopServer(child: ChildProcess | undefined) {
  if (!child?.pid || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    child.kill('SIGTERM');
  }
}

/** A port nothing listens on now, on loopback (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
