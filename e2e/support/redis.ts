import { spawn } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './processes';

export interface LocalRedis {
  url: string;
  stop: () => Promise<void>;
}

/** True once the server answers PING with PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.setTimeout(500, () => socket.destroy());
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      resolve(data.toString().startsWith('+PONG'));
      socket.end();
    });
    socket.once('error', () => resolve(false));
    socket.once('close', () => resolve(false));
  });
}

/**
 * Debian's redis-server (`apt-get install redis-server`; .ci/run installs it) on a free loopback
 * port, in memory only (no dump file, no append-only log), for tests of limits shared across instances.
 */
export async function startRedis({ timeoutMs = 10_000 } = {}): Promise<LocalRedis> {
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (error) => console.error('redis-server could not start (apt-get install redis-server)', error));
  const deadline = Date.now() + timeoutMs;
  while (!(await answersPing(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server did not answer on port ${port} within ${timeoutMs} ms (is it installed? apt-get install redis-server)`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
