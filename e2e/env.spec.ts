import { spawn } from 'node:child_process';
import { expect, test } from './support/offline';

/** Starts the production server with one variable changed; resolves with its exit code and output. */
function startWith(port: number, overrides: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { env: { ...process.env, ...overrides } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

test('a bad environment value stops the server at start, naming the variable and what it expects', async () => {
  const { code, output } = await startWith(3298, { PRICE_LAMPORTS: 'ten' });
  expect(code).not.toBe(0);
  expect(output).toContain('PRICE_LAMPORTS: expected a whole number');
});

test('production does not start without ENTITLEMENT_SECRET', async () => {
  const { code, output } = await startWith(3299, { ENTITLEMENT_SECRET: '' });
  expect(code).not.toBe(0);
  expect(output).toContain('Solenema cannot start. ENTITLEMENT_SECRET: required in production');
});

test('production does not start with a purchase ledger in files it would lose', async () => {
  const { code, output } = await startWith(3297, { FIRESTORE_EMULATOR_HOST: '', LEDGER_DIR: '' });
  expect(code).not.toBe(0);
  expect(output).toContain('The purchase ledger needs Firestore in production: set FIREBASE_PROJECT_ID, FIREBASE_CLIENT_EMAIL and FIREBASE_PRIVATE_KEY');
});
