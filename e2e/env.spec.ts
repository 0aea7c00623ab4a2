import { spawn } from 'node:child_process';
import { startLocalChain } from './support/chain';
import { content } from './support/catalog';
import { CHAIN_URL, E2E_PORTS } from './support/ports';
import { startServer, stopServer } from './support/processes';
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

test('production does not start on the devnet defaults: the recipient and the server RPC must be named', async () => {
  // NEXT_PUBLIC_SOLANA_RPC_URL is inlined by the build (which had it), so only the other two can be missing at start.
  const { code, output } = await startWith(3296, { SOLANA_RECIPIENT: '', SOLANA_RPC_URL: '' });
  expect(code).not.toBe(0);
  expect(output).toContain('Solenema cannot start. SOLANA_RECIPIENT and SOLANA_RPC_URL: required in production');
});

test('a server verifying on another cluster than the browsers pay on refuses checkouts with a reason, and logs both RPCs', async ({ request }) => {
  const port = 3295;
  const site = `http://127.0.0.1:${port}`;
  // The same local chain, but answering devnet's genesis hash: another cluster than the build's browser RPC.
  const devnet = await startLocalChain({ port: E2E_PORTS.chain + 30, genesisHash: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG' });
  let output = '';
  const server = await startServer('npx', ['next', 'start', '-p', String(port), '-H', '127.0.0.1'], { ...process.env, SOLANA_RPC_URL: devnet.url }, site);
  server.stdout?.on('data', (chunk) => (output += chunk));
  server.stderr?.on('data', (chunk) => (output += chunk));
  try {
    const checkout = await request.post(`${site}/api/checkout`, {
      data: { path: `trailers/${content.trailers.find(([, t]) => t.locked)![0]}` },
      headers: { origin: site, 'sec-fetch-site': 'same-origin' },
    });
    expect(checkout.status()).toBe(503);
    expect((await checkout.json()).error).toMatch(/^Payments are paused: this site sends payments through one Solana network and checks them on another/);
    await expect.poll(() => output).toContain(`SOLANA_RPC_URL ${devnet.url} is on devnet`);
    expect(output).toContain(`NEXT_PUBLIC_SOLANA_RPC_URL ${CHAIN_URL} is on localnet`);
  } finally {
    stopServer(server);
    await devnet.stop();
  }
});
