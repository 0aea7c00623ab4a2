import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { PublicKey } from '@solana/web3.js';
import { answer } from './jsonrpc';
import { Ledger, type RecordedTransaction } from './ledger';
import { createRpcMethods } from './rpc';
import { startSubscriptionServer } from './subscriptions';
import { TokenFaucet, type CreateMintOptions, type MintToOptions, type TokenBalanceOptions } from './token-faucet';
import type { UiTokenAmount } from './token-state';

/**
 * How the RPC looks while "down": HTTP 503 answers, connections dropped without an answer, or
 * requests accepted and never answered (a hung node) until the RPC is up again.
 */
export type RpcDownMode = 'unavailable' | 'reset' | 'hang';

/**
 * A provider over its rate limit: JSON-RPC POSTs answered HTTP 429 Too Many Requests with a
 * Retry-After header, until switched off or for the next `count` requests only. A test's own
 * wallet (NOT_COUNTED) is never refused: it stands for another client, on its own provider.
 */
export interface RateLimitOptions {
  on: boolean;
  /** Retry-After, in whole seconds (default 1). */
  retryAfterSeconds?: number;
  /** Refuse only the next `count` HTTP requests (a batch is one), then answer as usual again. */
  count?: number;
}

export interface LocalChainOptions {
  /** HTTP JSON-RPC port; the websocket listens on port + 1, where web3.js looks for it. */
  port: number;
  host?: string;
  /** What getGenesisHash answers: another value stands for another cluster (default: a local one). */
  genesisHash?: string;
}

export interface LocalChain {
  url: string;
  wsUrl: string;
  ledger: Ledger;
  /** Funds an account through the faucet (a real, recorded transfer); resolves to its signature. */
  airdrop(pubkey: PublicKey | string, lamports: number): Promise<string>;
  getBalance(pubkey: PublicKey | string): number;
  /** Junk transactions carrying `reference`, as a bot would send to bury a payment; resolves to their signatures. */
  junk(reference: PublicKey | string, count: number): Promise<string[]>;
  getTransaction(signature: string): RecordedTransaction | undefined;
  /** Creates an SPL Token mint whose authority the chain keeps (at `mintSecretKey`'s address if given); resolves to its address. */
  createMint(options: CreateMintOptions): Promise<string>;
  /** Mints to `owner`'s associated token account (created if need be) of a mint made by createMint; resolves to the signature. */
  mintTo(options: MintToOptions): Promise<string>;
  /** What `owner`'s associated token account for `mint` holds; null when it has none. */
  tokenBalance(options: TokenBalanceOptions): UiTokenAmount | null;
  /**
   * Simulates an RPC outage for HTTP and websocket alike; the /__test control routes keep working. With `sparingWallets`
   * only the site's provider is down: requests sent with NOT_COUNTED (a wallet on its own provider) and subscriptions
   * are answered as usual.
   */
  setRpcDown(down: boolean, mode?: RpcDownMode, sparingWallets?: boolean): void;
  /** Answers 429 as a provider over its limit (see RateLimitOptions); the /__test control routes keep working. */
  setRateLimit(options: RateLimitOptions): void;
  expireBlockhash(): void;
  setTimeOffset(seconds: number): void;
  /** Marks a transaction (landed or not yet) as sent in version 1: getTransaction answers -32015 below version 1. */
  markVersion1(signature: string): void;
  /** The unit price (micro-lamports) every recent slot reports to getRecentPrioritizationFees: a busy cluster. */
  setPriorityFee(microLamports: number): void;
  /** The JSON-RPC calls answered so far, by method (a batch counts each call), leaving out requests sent with NOT_COUNTED. */
  calls(): Record<string, number>;
  /** The JSON-RPC calls refused with 429 so far, counted as calls() counts (and not in it). */
  refused(): Record<string, number>;
  stop(): Promise<void>;
}

const MAX_BODY_BYTES = 1 << 20;

/** A header a test's own client sends (a phone wallet) so its calls are not counted as the site's. */
export const NOT_COUNTED = 'x-not-counted';

/**
 * A local Solana JSON-RPC over litesvm, for the browser (CORS) and the server alike.
 * Tests in other processes (Playwright workers) steer it over HTTP: see control.ts.
 */
export async function startLocalChain({ port, host = '127.0.0.1', genesisHash }: LocalChainOptions): Promise<LocalChain> {
  const ledger = new Ledger();
  const tokens = new TokenFaucet(ledger);
  const methods = createRpcMethods(ledger, genesisHash);
  let down: RpcDownMode | null = null;
  let sparingWallets = false;
  /** Requests held open by 'hang'; dropped when the RPC comes back or the chain stops. */
  const hung = new Set<IncomingMessage>();
  let limited: { retryAfterSeconds: number; remaining: number } | null = null;
  const answered = new Map<string, number>();
  const refused = new Map<string, number>();
  const subscriptions = await startSubscriptionServer(ledger, host, port + 1);

  const chain: LocalChain = {
    url: `http://${host}:${port}`,
    wsUrl: `ws://${host}:${port + 1}`,
    ledger,
    airdrop: async (pubkey, lamports) => ledger.airdrop(new PublicKey(pubkey), lamports),
    getBalance: (pubkey) => ledger.getBalance(new PublicKey(pubkey)),
    junk: async (reference, count) => ledger.junk(new PublicKey(reference), count),
    getTransaction: (signature) => ledger.get(signature),
    createMint: async (options) => tokens.createMint(options),
    mintTo: async (options) => tokens.mintTo(options),
    tokenBalance: (options) => tokens.tokenBalance(options),
    setRpcDown: (value, mode = 'unavailable', sparing = false) => {
      down = value ? mode : null;
      sparingWallets = value && sparing;
      subscriptions.setDown(value && !sparing);
      if (down !== 'hang') {
        for (const req of hung) req.socket.destroy();
        hung.clear();
      }
    },
    setRateLimit: ({ on, retryAfterSeconds = 1, count = Infinity }) => {
      if (!Number.isSafeInteger(retryAfterSeconds) || retryAfterSeconds < 0) throw new Error('retryAfterSeconds must be whole seconds');
      if (count !== Infinity && (!Number.isSafeInteger(count) || count < 1)) throw new Error('count must be a positive integer');
      limited = on ? { retryAfterSeconds, remaining: count } : null;
    },
    expireBlockhash: () => ledger.expireBlockhash(),
    setTimeOffset: (seconds) => ledger.setTimeOffset(seconds),
    markVersion1: (signature) => ledger.markVersion1(signature),
    setPriorityFee: (microLamports) => ledger.setPriorityFee(microLamports),
    calls: () => Object.fromEntries(answered),
    refused: () => Object.fromEntries(refused),
    stop: async () => {
      for (const req of hung) req.socket.destroy();
      hung.clear();
      server.closeAllConnections();
      await Promise.all([new Promise((resolve) => server.close(resolve)), subscriptions.stop()]);
    },
  };

  const control: Record<string, (body: Record<string, unknown>) => unknown> = {
    'rpc-down': (body) =>
      chain.setRpcDown(body.down !== false, body.mode === 'reset' || body.mode === 'hang' ? body.mode : 'unavailable', body.sparingWallets === true),
    // The numbers are checked by setRateLimit.
    'rate-limit': (body) => chain.setRateLimit({ ...(body as Partial<RateLimitOptions>), on: body.on === true }),
    'expire-blockhash': () => chain.expireBlockhash(),
    'time-offset': (body) => chain.setTimeOffset(Number(body.seconds ?? 0)),
    'mark-version-1': (body) => chain.markVersion1(String(body.signature)),
    'priority-fee': (body) => chain.setPriorityFee(Number(body.microLamports)),
    airdrop: (body) => ledger.airdrop(new PublicKey(String(body.pubkey)), Number(body.lamports)),
    junk: (body) => chain.junk(String(body.reference), Number(body.count)),
    // The options are checked by the token faucet.
    'create-mint': (body) => chain.createMint(body as unknown as CreateMintOptions),
    'mint-to': (body) => chain.mintTo(body as unknown as MintToOptions),
    'token-balance': (body) => chain.tokenBalance(body as unknown as TokenBalanceOptions),
    calls: () => chain.calls(),
    refused: () => chain.refused(),
  };

  const server = createServer(async (req, res) => {
    setCors(req, res);
    const path = new URL(req.url ?? '/', 'http://chain').pathname;
    if (path.startsWith('/__test/')) return handleControl(req, res, control[path.slice('/__test/'.length)]);
    const outage = sparingWallets && req.headers[NOT_COUNTED] ? null : down;
    if (outage === 'reset') return void req.socket.destroy();
    if (outage === 'hang') {
      hung.add(req);
      req.socket.once('close', () => hung.delete(req));
      return;
    }
    if (outage === 'unavailable') return reply(res, 503, 'text/plain', 'Service Unavailable');
    if (req.method === 'OPTIONS') return reply(res, 204);
    if (req.method === 'GET' && path === '/health') return reply(res, 200, 'text/plain', 'ok');
    if (req.method !== 'POST') return reply(res, 405, 'text/plain', 'Used HTTP Method is not allowed. POST or OPTIONS is required');
    const body = await readBody(req);
    if (body === null) return reply(res, 413, 'text/plain', 'Payload Too Large');
    const counted = !req.headers[NOT_COUNTED];
    if (counted && limited) {
      tally(refused, body);
      res.setHeader('Retry-After', String(limited.retryAfterSeconds));
      if (--limited.remaining === 0) limited = null;
      return reply(res, 429, 'text/plain', 'Too Many Requests');
    }
    if (counted) tally(answered, body);
    const result = answer(body, methods);
    if (result === undefined) return reply(res, 204);
    reply(res, 200, 'application/json', JSON.stringify(result));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  }).catch(async (error) => {
    await subscriptions.stop();
    throw error;
  });
  return chain;
}

async function handleControl(req: IncomingMessage, res: ServerResponse, action: ((body: Record<string, unknown>) => unknown) | undefined) {
  if (req.method === 'OPTIONS') return reply(res, 204);
  if (!action || req.method !== 'POST') return reply(res, 404, 'text/plain', 'Unknown control action');
  try {
    const text = (await readBody(req)) ?? '';
    const result = await action(text ? (JSON.parse(text) as Record<string, unknown>) : {});
    reply(res, 200, 'application/json', JSON.stringify({ ok: true, result: result ?? null }));
  } catch (error) {
    reply(res, 400, 'application/json', JSON.stringify({ ok: false, error: (error as Error).message }));
  }
}

/** Counts each call of a JSON-RPC request (one call or a batch) by method; nothing when it is not JSON. */
function tally(counts: Map<string, number>, body: string) {
  for (const method of methodsOf(body)) counts.set(method, (counts.get(method) ?? 0) + 1);
}

/** The methods a JSON-RPC request (one call or a batch) names; none when it is not JSON. */
function methodsOf(body: string): string[] {
  try {
    const parsed: unknown = JSON.parse(body);
    return (Array.isArray(parsed) ? parsed : [parsed]).map((call) => String((call as { method?: unknown } | null)?.method ?? '(none)'));
  } catch {
    return [];
  }
}

/** Browsers preflight web3.js's POSTs (JSON body plus its `solana-client` header). */
function setCors(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Allow-Methods', 'POST, GET, OPTIONS');
  res.setHeader('Access-Control-Allow-Headers', req.headers['access-control-request-headers'] ?? 'content-type, solana-client');
  res.setHeader('Access-Control-Max-Age', '86400');
  if (req.headers['access-control-request-private-network']) res.setHeader('Access-Control-Allow-Private-Network', 'true');
}

function reply(res: ServerResponse, status: number, type?: string, body?: string) {
  if (type) res.setHeader('Content-Type', type);
  res.writeHead(status).end(body);
}

async function readBody(req: IncomingMessage): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
