import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './processes';

export interface FirestoreEmulator {
  /** host:port, what FIRESTORE_EMULATOR_HOST takes. */
  host: string;
  stop: () => Promise<void>;
}

const READY = 'Dev App Server is now running';

interface EmulatorOptions {
  port?: number;
  timeoutMs?: number;
  /** A rules file every client request is checked against (firebase-admin, the server, bypasses rules). */
  rules?: string;
  /**
   * host:port the emulator delivers document events to, as it does to Firebase's Functions emulator (triggers
   * registered with it: catalog-trigger.ts). gcloud has no flag for it, so the emulator's own jar is started.
   */
  functionsEmulator?: string;
}

/** The emulator's jar in gcloud's installation (Debian: google-cloud-cli-firestore-emulator). */
function emulatorJar(): string {
  const root = spawnSync('gcloud', ['info', '--format=value(installation.sdk_root)'], { encoding: 'utf8' }).stdout.trim();
  return join(root, 'platform', 'cloud-firestore-emulator', 'cloud-firestore-emulator.jar');
}

function emulatorCommand(host: string, { rules, functionsEmulator }: EmulatorOptions): [string, string[]] {
  if (!functionsEmulator) return ['gcloud', ['emulators', 'firestore', 'start', `--host-port=${host}`, ...(rules ? [`--rules=${rules}`] : []), '--quiet']];
  const [hostname, port] = host.split(':');
  const main = 'com.google.cloud.datastore.emulator.firestore.CloudFirestore';
  const start = ['start', `--host=${hostname}`, `--port=${port}`, `--functions_emulator=${functionsEmulator}`, ...(rules ? [`--rules=${rules}`] : [])];
  return ['java', ['-Duser.language=en', '-cp', emulatorJar(), main, ...start]];
}

/**
 * Google's Firestore emulator (Debian: google-cloud-cli-firestore-emulator, Java 17+) on `port` or a free
 * loopback port. A Java process (gcloud's child, or the jar itself): it runs in its own process group, stopped as a whole.
 */
export async function startFirestoreEmulator(options: EmulatorOptions = {}): Promise<FirestoreEmulator> {
  const { port, timeoutMs = 60_000 } = options;
  const host = `127.0.0.1:${port ?? (await freePort())}`;
  const [command, args] = emulatorCommand(host, options);
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killGroup = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // Already gone.
    }
  };
  // Its own process group outlives this process: a runner that exits without stopping it still ends it.
  process.once('exit', killGroup);
  const stop = async () => {
    process.off('exit', killGroup);
    if (child.exitCode !== null || child.signalCode !== null) return;
    killGroup();
    await exited;
  };
  await new Promise<void>((resolve, reject) => {
    const fail = (why: string) => {
      clearTimeout(timer);
      void stop();
      reject(new Error(`Firestore emulator on ${host} ${why}. Its output:\n${output}`));
    };
    const exitedEarly = (code: number | null) => fail(`exited with ${code}`);
    const timer = setTimeout(() => fail(`did not say "${READY}" within ${timeoutMs} ms`), timeoutMs);
    const listen = (chunk: Buffer) => {
      output += chunk.toString();
      if (!output.includes(READY)) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve();
    };
    child.stdout.on('data', listen);
    child.stderr.on('data', listen);
    child.once('error', (error) => fail(`could not start (${error.message}; is gcloud installed, with google-cloud-cli-firestore-emulator?)`));
    child.once('exit', exitedEarly);
  });
  // Still read, so a chatty emulator never blocks on a full pipe.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return { host, stop };
}

/** Deletes every document of `projectId` in the emulator at `host`: an empty project for the next test. */
export async function clearFirestore(host: string, projectId: string): Promise<void> {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/databases/(default)/documents`, { method: 'DELETE' });
  if (!response.ok) throw new Error(`Firestore emulator: clearing ${projectId} answered ${response.status} ${await response.text()}`);
}
