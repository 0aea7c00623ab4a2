import net from 'node:net';

/** Progress goes to stderr, so stdout holds only the report. */
export function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** True when something accepts TCP connections on host:port. */
export function portAnswers(port: number, host = '127.0.0.1', timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Fails early, with a readable message, when a port the bench needs is taken (another bench still running?). */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    if (await portAnswers(port)) {
      throw new Error(`port ${port} (${name}) is already in use: is another \`npm run bench\` running, or a stale server from one?`);
    }
  }
}

export function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
