/**
 * Issue 42's costs (`npm run bench -- --only=studio`): on Google's Firestore emulator of its own, 1,000 sales and 10,000
 * plays over a month, then what a month's view of the studio reads and what a play and a sale write
 * (scripts/bench/studio-figures.ts does the work in a process of its own, as the site's code runs).
 */
import { spawn } from 'node:child_process';
import { startFirestoreEmulator } from '../../e2e/support/firestore-emulator';

export interface StudioCosts {
  sales: number;
  plays: number;
  countedPlays: number;
  titles: number;
  days: number;
  writesPerSale: number;
  writesPerPlay: number;
  writesPerCountedPlay: number;
  writesPerRepeat: number;
  monthFirstView: { reads: number; writes: number };
  monthReads: number;
  /** The shards a day's writes spread over (lib/figures/day-shards.ts). */
  shards: number;
  salesPageReads: number;
  largestDayBytes: number;
}

export async function measureStudio(): Promise<StudioCosts> {
  const emulator = await startFirestoreEmulator();
  try {
    const env = { ...process.env, FIRESTORE_EMULATOR_HOST: emulator.host, FIREBASE_PROJECT_ID: 'demo-bench-studio', METADATA_SERVER_DETECTION: 'none' };
    const output = await new Promise<string>((resolve, reject) => {
      const child = spawn('npx', ['tsx', '--conditions=react-server', 'scripts/bench/studio-figures.ts'], { env, stdio: ['ignore', 'pipe', 'inherit'] });
      let text = '';
      child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
      child.once('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`studio figures exited ${code}`))));
    });
    return JSON.parse(output.trim().split('\n').at(-1)!) as StudioCosts;
  } finally {
    await emulator.stop();
  }
}
