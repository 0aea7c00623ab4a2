/**
 * Runs the local chain by hand, to point a dev server at it:
 *   npx tsx e2e/support/chain/cli.ts --port 8899 [--fund <base58 pubkey>[:<SOL>]]...
 *     [--mint <decimals>[:<mint keypair JSON file>] [--fund-tokens <base58 pubkey>[:<whole tokens>]]...]
 * then SOLANA_RPC_URL=NEXT_PUBLIC_SOLANA_RPC_URL=http://127.0.0.1:8899 (both, before `next dev`).
 * --mint makes a token (a USDC stand-in: a keypair file, as solana-keygen writes, fixes its address),
 * and --fund-tokens mints it to a wallet's associated token account.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startLocalChain } from './server';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8899' },
    host: { type: 'string', default: '127.0.0.1' },
    fund: { type: 'string', multiple: true, default: [] },
    mint: { type: 'string' },
    'fund-tokens': { type: 'string', multiple: true, default: [] },
  },
});

// An async main rather than top-level await: tsx runs this file as CommonJS.
async function main() {
  if (values['fund-tokens'].length > 0 && !values.mint) throw new Error('--fund-tokens needs --mint');
  const chain = await startLocalChain({ port: Number(values.port), host: values.host });
  console.log(`Local Solana RPC on ${chain.url} (websocket ${chain.wsUrl})`);
  for (const entry of values.fund) {
    const [pubkey = '', sol = '10'] = entry.split(':');
    const signature = await chain.airdrop(pubkey, Math.round(Number(sol) * 1e9));
    console.log(`Funded ${pubkey} with ${sol} SOL (${signature})`);
  }
  if (values.mint) {
    const [decimals = '6', keypairFile] = values.mint.split(':');
    const mintSecretKey = keypairFile ? (JSON.parse(readFileSync(keypairFile, 'utf8')) as number[]) : undefined;
    const mint = await chain.createMint({ decimals: Number(decimals), mintSecretKey });
    console.log(`Mint ${mint} (${decimals} decimals)`);
    for (const entry of values['fund-tokens']) {
      const [owner = '', tokens = '1000'] = entry.split(':');
      await chain.mintTo({ mint, owner, amount: BigInt(tokens) * 10n ** BigInt(decimals) });
      console.log(`Funded ${owner} with ${tokens} of ${mint}`);
    }
  }
  chain.ledger.onExecuted((record) => {
    console.log(`slot ${record.slot} ${record.signature} ${record.err ? `failed ${JSON.stringify(record.err)}` : 'ok'}`);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void chain.stop().then(() => process.exit(0)));
  }
}

void main();
