/**
 * Runs the local chain by hand, to point a dev server at it:
 *   npx tsx e2e/support/chain/cli.ts --port 8899 [--fund <base58 pubkey>[:<SOL>]]...
 * then SOLANA_RPC_URL=NEXT_PUBLIC_SOLANA_RPC_URL=http://127.0.0.1:8899 (both, before `next dev`).
 */
import { parseArgs } from 'node:util';
import { startLocalChain } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8899' },
    host: { type: 'string', default: '127.0.0.1' },
    fund: { type: 'string', multiple: true, default: [] },
  },
});

// An async main rather than top-level await: tsx runs this file as CommonJS.
async function main() {
  const chain = await startLocalChain({ port: Number(values.port), host: values.host });
  console.log(`Local Solana RPC on ${chain.url} (websocket ${chain.wsUrl})`);
  for (const entry of values.fund) {
    const [pubkey = '', sol = '10'] = entry.split(':');
    const signature = await chain.airdrop(pubkey, Math.round(Number(sol) * 1e9));
    console.log(`Funded ${pubkey} with ${sol} SOL (${signature})`);
  }
  chain.ledger.onExecuted((record) => {
    console.log(`slot ${record.slot} ${record.signature} ${record.err ? `failed ${JSON.stringify(record.err)}` : 'ok'}`);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void chain.stop().then(() => process.exit(0)));
  }
}

void main();
