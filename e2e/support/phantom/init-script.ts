import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface PhantomOptions {
  /** The wallet's ed25519 secret key, 64 bytes (seed + public key), as web3.js's Keypair holds it. */
  secretKey: number[];
  /** Refuse connect() with Phantom's 4001 "User rejected the request." */
  rejectConnect?: boolean;
  /** Refuse every signature (transactions and messages) with 4001. */
  rejectSign?: boolean;
  /** How long the "user" takes to approve a signature, in ms. */
  signDelayMs?: number;
  /** Where signAndSendTransaction sends (Phantom uses its own RPC; here, the local chain). */
  rpcUrl?: string;
  /** Also register as a Wallet Standard wallet, as today's Phantom does (with Sign In With Solana). */
  standard?: boolean;
}

/** window.__phantomTest, as tests read and switch it with page.evaluate. */
export interface PhantomTestState {
  address: string;
  calls: string[];
  rejectConnect: boolean;
  rejectSign: boolean;
  signDelayMs: number;
  rpcUrl: string | null;
  signatures: string[];
  messages: string[];
}

// __dirname and require.resolve rather than import.meta: Playwright loads this file as CommonJS.
const naclSource = readFileSync(createRequire(__filename).resolve('tweetnacl/nacl-fast.min.js'), 'utf8');
const providerSource = readFileSync(join(__dirname, 'provider.js'), 'utf8');
const standardSource = readFileSync(join(__dirname, 'standard.js'), 'utf8');

/**
 * The init script (for page.addInitScript / context.addInitScript) that installs the Phantom
 * stand-in as window.phantom.solana and window.solana. tweetnacl is given a local `module`, so it
 * exports into it instead of leaving a `nacl` global the site could see.
 */
export function phantomInitScript(options: PhantomOptions): string {
  if (options.secretKey.length !== 64) throw new Error('phantomInitScript needs a 64-byte secret key');
  return `(function () {
  var module = { exports: {} };
${naclSource}
${providerSource}
${standardSource}
  installPhantom(module.exports, ${JSON.stringify(options)});
})();`;
}
