import {
  Connection,
  Keypair,
  LAMPORTS_PER_SOL,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type ParsedInstruction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import { once } from 'node:events';
import { runInNewContext } from 'node:vm';
import nacl from 'tweetnacl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { chainControl } from '@/e2e/support/chain/control';
import { phantomInitScript } from '@/e2e/support/phantom/init-script';
import { NOT_COUNTED, startLocalChain, type LocalChain } from '@/e2e/support/chain/server';

const PORT = 8911;
const PRICE = 10_000_000;

let chain: LocalChain;
let connection: Connection;

beforeAll(async () => {
  chain = await startLocalChain({ port: PORT });
  connection = new Connection(chain.url, 'confirmed');
});

afterAll(async () => {
  // web3.js keeps its websocket open (and reconnecting) until told otherwise.
  const ws = (connection as unknown as { _rpcWebSocket?: { close(): void } })._rpcWebSocket;
  ws?.close();
  await chain?.stop();
});

async function fundedPayer(sol = 1): Promise<Keypair> {
  const payer = Keypair.generate();
  const signature = await connection.requestAirdrop(payer.publicKey, sol * LAMPORTS_PER_SOL);
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
  return payer;
}

/** One raw JSON-RPC request (a call or a batch), answered as parsed JSON. */
async function rpc(body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return res.json() as Promise<unknown>;
}

/** The payment the site builds: payer → recipient, with the checkout's reference as a read-only key. */
async function payment(payer: Keypair, recipient: PublicKey, reference: PublicKey, lamports = PRICE) {
  const transfer = SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports });
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(transfer);
  tx.sign(payer);
  return { tx, blockhash, lastValidBlockHeight };
}

describe('local chain', () => {
  it('answers a payment end to end the way web3.js expects', async () => {
    const payer = await fundedPayer();
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const reference = Keypair.generate().publicKey;

    const { tx, blockhash, lastValidBlockHeight } = await payment(payer, recipient, reference);
    const signature = await connection.sendRawTransaction(tx.serialize());
    const confirmation = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
    expect(confirmation.value.err).toBeNull();

    const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed).not.toBeNull();
    expect(parsed!.meta!.err).toBeNull();
    expect(parsed!.slot).toBeGreaterThan(0);
    expect(Math.abs(parsed!.blockTime! - Date.now() / 1000)).toBeLessThan(60);
    expect(parsed!.version).toBe('legacy');
    const keys = parsed!.transaction.message.accountKeys;
    expect(keys.map((key) => key.pubkey.toBase58())).toContain(reference.toBase58());
    expect(keys.find((key) => key.pubkey.equals(reference))).toMatchObject({ signer: false, writable: false });
    expect(keys.find((key) => key.pubkey.equals(payer.publicKey))).toMatchObject({ signer: true, writable: true });
    const [instruction] = parsed!.transaction.message.instructions as ParsedInstruction[];
    expect(instruction!.program).toBe('system');
    expect(instruction!.programId.equals(SystemProgram.programId)).toBe(true);
    expect(instruction!.parsed).toEqual({
      type: 'transfer',
      info: { source: payer.publicKey.toBase58(), destination: recipient.toBase58(), lamports: PRICE },
    });

    const raw = await connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(raw!.meta!.fee).toBe(5000);
    expect(raw!.transaction.message.staticAccountKeys.map(String)).toContain(reference.toBase58());
    const recipientIndex = raw!.transaction.message.staticAccountKeys.findIndex((key) => key.equals(recipient));
    expect(raw!.meta!.postBalances[recipientIndex]! - raw!.meta!.preBalances[recipientIndex]!).toBe(PRICE);

    expect(await connection.getBalance(recipient)).toBe(PRICE);
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - PRICE - 5000);
    const [status] = (await connection.getSignatureStatuses([signature])).value;
    expect(status).toMatchObject({ err: null, confirmationStatus: 'finalized' });
    const found = await connection.getSignaturesForAddress(reference);
    expect(found.map((entry) => entry.signature)).toEqual([signature]);
  });

  it('pages getSignaturesForAddress newest first with limit, before and until, as a node does', async () => {
    const reference = Keypair.generate().publicKey;
    const oldestFirst = await chain.junk(reference, 7);
    const newestFirst = [...oldestFirst].reverse();
    const page = async (options: { limit?: number; before?: string; until?: string }) =>
      (await connection.getSignaturesForAddress(reference, options)).map((entry) => entry.signature);
    expect(await page({})).toEqual(newestFirst);
    expect(await page({ limit: 3 })).toEqual(newestFirst.slice(0, 3));
    expect(await page({ limit: 3, before: newestFirst[2] })).toEqual(newestFirst.slice(3, 6));
    expect(await page({ before: newestFirst[5] })).toEqual(newestFirst.slice(6));
    expect(await page({ until: newestFirst[4] })).toEqual(newestFirst.slice(0, 4));
    expect(await page({ before: newestFirst[0], until: newestFirst[3] })).toEqual(newestFirst.slice(1, 3));
    expect(await page({ before: newestFirst[6] })).toEqual([]);
    // A `before` the node never saw finds nothing older than it.
    expect(await page({ before: '5'.repeat(88) })).toEqual([]);
    await expect(connection.getSignaturesForAddress(reference, { limit: 1001 })).rejects.toThrow(/Invalid limit/);
  });

  it('notifies signature subscriptions over the websocket, before and after execution', async () => {
    const payer = await fundedPayer();
    const { tx } = await payment(payer, Keypair.generate().publicKey, Keypair.generate().publicKey);
    const signature = bs58.encode(tx.signature!);
    const notified = (sig: string) => new Promise((resolve) => connection.onSignature(sig, (result) => resolve(result), 'confirmed'));
    const early = notified(signature);
    await new Promise((resolve) => setTimeout(resolve, 100)); // let the subscription reach the chain first
    await connection.sendRawTransaction(tx.serialize());
    await expect(early).resolves.toEqual({ err: null });
    await expect(notified(signature)).resolves.toEqual({ err: null });
  });

  it('records a transaction that fails on chain, with its error and fee', async () => {
    const payer = await fundedPayer();
    const { tx, blockhash, lastValidBlockHeight } = await payment(payer, Keypair.generate().publicKey, Keypair.generate().publicKey, 2 * LAMPORTS_PER_SOL);
    const signature = await connection.sendRawTransaction(tx.serialize(), { skipPreflight: true });
    // web3.js resolves with value.err when the websocket wins, but rejects with the bare err
    // object when its status poll wins: a caller must treat both as a failed payment.
    const err = await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed').then(
      (result) => result.value.err,
      (error: unknown) => error,
    );
    expect(err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed!.meta!.err).toEqual({ InstructionError: [0, { Custom: 1 }] });
    expect(parsed!.meta!.logMessages!.join('\n')).toContain('insufficient lamports');
    expect(await connection.getBalance(payer.publicKey)).toBe(LAMPORTS_PER_SOL - 5000);
  });

  it('refuses a failing transaction at preflight, as a node does', async () => {
    const payer = await fundedPayer();
    const { tx } = await payment(payer, Keypair.generate().publicKey, Keypair.generate().publicKey, 2 * LAMPORTS_PER_SOL);
    const error = await connection.sendRawTransaction(tx.serialize()).catch((e: unknown) => e);
    expect(String(error)).toContain('Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1');
    expect((error as { logs?: string[] }).logs?.join('\n')).toContain('insufficient lamports');
    expect(await connection.getSignatureStatus(bs58.encode(tx.signature!))).toMatchObject({ value: null });
  });

  it('refuses a transaction with a stale blockhash or a bad signature', async () => {
    const payer = await fundedPayer();
    const { tx } = await payment(payer, Keypair.generate().publicKey, Keypair.generate().publicKey);
    const bytes = tx.serialize();
    bytes[bytes.length - 1]! ^= 1; // tamper with the signed message
    await expect(connection.sendRawTransaction(bytes, { skipPreflight: true })).rejects.toThrow(/signature verification failure/);
    chain.expireBlockhash();
    await expect(connection.sendRawTransaction(tx.serialize())).rejects.toThrow(/Blockhash not found/);
    await expect(connection.sendRawTransaction(new Uint8Array([1, 2, 3]))).rejects.toThrow(/failed to deserialize/);
  });

  it('sends and reads back a v0 transaction', async () => {
    const payer = await fundedPayer();
    const recipient = Keypair.generate().publicKey;
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: PRICE })],
    }).compileToV0Message();
    const tx = new VersionedTransaction(message);
    tx.sign([payer]);
    const signature = await connection.sendTransaction(tx);
    await connection.confirmTransaction({ signature, blockhash, lastValidBlockHeight }, 'confirmed');
    const parsed = await connection.getParsedTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 });
    expect(parsed!.version).toBe(0);
    await expect(connection.getParsedTransaction(signature, 'confirmed')).rejects.toThrow(/maxSupportedTransactionVersion/);
  });

  it('answers null for a signature it never saw', async () => {
    const unknown = bs58.encode(Keypair.generate().secretKey); // any 64 bytes
    expect(await connection.getParsedTransaction(unknown, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })).toBeNull();
    expect(await connection.getTransaction(unknown, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 })).toBeNull();
    expect((await connection.getSignatureStatuses([unknown])).value).toEqual([null]);
  });

  it('answers the other methods web3.js and wallets call, in shapes web3.js accepts', async () => {
    const payer = await fundedPayer();
    const { blockhash } = await connection.getLatestBlockhash();
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: payer.publicKey, lamports: 1 })],
    }).compileToV0Message();
    expect((await connection.getFeeForMessage(message)).value).toBe(5000);
    expect((await connection.isBlockhashValid(blockhash)).value).toBe(true);
    expect(await connection.getMinimumBalanceForRentExemption(0)).toBeGreaterThan(0);
    expect((await connection.getAccountInfo(payer.publicKey))?.owner.equals(SystemProgram.programId)).toBe(true);
    expect(await connection.getAccountInfo(Keypair.generate().publicKey)).toBeNull();
    expect((await connection.getEpochInfo()).absoluteSlot).toBe(await connection.getSlot());
    expect(await connection.getBlockHeight()).toBeLessThan(await connection.getSlot());
    expect(await connection.getGenesisHash()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect((await connection.getVersion())['solana-core']).toBeTruthy();
    const simulated = await connection.simulateTransaction(new VersionedTransaction(message), { sigVerify: false });
    expect(simulated.value.err).toBeNull();
    await expect(connection.simulateTransaction(new VersionedTransaction(message), { sigVerify: true, replaceRecentBlockhash: true })).rejects.toThrow(
      'sigVerify may not be used with replaceRecentBlockhash',
    );
  });

  it('speaks plain JSON-RPC: batches, base58 transactions, unknown methods', async () => {
    const payer = await fundedPayer();
    const { tx } = await payment(payer, Keypair.generate().publicKey, Keypair.generate().publicKey);
    const answers = await rpc([
      { jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [bs58.encode(tx.serialize())] },
      { jsonrpc: '2.0', id: 2, method: 'getHealth' },
      { jsonrpc: '2.0', id: 3, method: 'noSuchMethod' },
    ]);
    expect(answers).toEqual([
      { jsonrpc: '2.0', id: 1, result: bs58.encode(tx.signature!) },
      { jsonrpc: '2.0', id: 2, result: 'ok' },
      { jsonrpc: '2.0', id: 3, error: { code: -32601, message: 'Method not found' } },
    ]);
  });

  it("refuses a whole call over one malformed signature or address, with agave's error", async () => {
    const known = await chain.airdrop(Keypair.generate().publicKey, PRICE);
    const unknown = bs58.encode(nacl.randomBytes(64));
    const short = bs58.encode(nacl.randomBytes(63));
    const address = Keypair.generate().publicKey.toBase58();
    const refusals: [method: string, params: unknown[], message: string][] = [
      ['getSignatureStatuses', [[known, short, unknown]], 'Invalid param: WrongSize'],
      ['getSignatureStatuses', [[known, `0${unknown.slice(1)}`]], 'Invalid param: Invalid'],
      ['getSignatureStatuses', [Array(257).fill(known)], 'Too many inputs provided; max 256'],
      ['getTransaction', [short, { maxSupportedTransactionVersion: 0 }], 'Invalid param: WrongSize'],
      ['getSignaturesForAddress', ['not a key'], 'Invalid param: Invalid'],
      ['getSignaturesForAddress', [bs58.encode(nacl.randomBytes(31))], 'Invalid param: WrongSize'],
      ['getSignaturesForAddress', [address, { before: short }], 'Invalid param: WrongSize'],
      ['getSignaturesForAddress', [address, { until: 'I'.repeat(88) }], 'Invalid param: Invalid'],
      ['getSignaturesForAddress', [address, { limit: 0 }], 'Invalid limit; max 1000'],
      ['getBalance', ['not a key'], 'Invalid param: Invalid'],
      ['getAccountInfo', [`${address}1`], 'Invalid param: WrongSize'],
      ['getMultipleAccounts', [[address, 'not a key']], 'Invalid param: Invalid'],
      ['getMultipleAccounts', [Array(101).fill(address)], 'Too many inputs provided; max 100'],
      ['requestAirdrop', ['not a key', PRICE], 'Invalid param: Invalid'],
      // Here agave answers the Hash's parse error bare.
      ['isBlockhashValid', ['not a hash'], 'Invalid'],
    ];
    for (const [method, params, message] of refusals) {
      expect(await rpc({ jsonrpc: '2.0', id: 1, method, params }), method).toEqual({ jsonrpc: '2.0', id: 1, error: { code: -32602, message } });
    }
    await expect(connection.getSignatureStatuses([known, short])).rejects.toThrow('Invalid param: WrongSize');
    expect((await connection.getSignatureStatuses(Array(256).fill(known))).value).toHaveLength(256);

    const socket = new WebSocket(chain.wsUrl);
    await once(socket, 'open');
    socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'signatureSubscribe', params: [short] }));
    const [reply] = await once(socket, 'message');
    socket.close();
    expect(JSON.parse(String(reply))).toEqual({ jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'Invalid Request: Invalid signature provided' } });
  });

  it('answers CORS preflight for the browser', async () => {
    const res = await fetch(chain.url, {
      method: 'OPTIONS',
      headers: { Origin: 'http://127.0.0.1:3210', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type,solana-client' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-headers')).toContain('solana-client');
  });

  it('goes down and comes back, in process and over the control routes', async () => {
    chain.setRpcDown(true);
    await expect(connection.getSlot()).rejects.toThrow(/503/);
    chain.setRpcDown(false);
    expect(await connection.getSlot()).toBeGreaterThan(0);

    const control = chainControl(chain.url);
    await control.setRpcDown(true, 'reset');
    await expect(connection.getSlot()).rejects.toThrow();
    await control.setRpcDown(false);
    expect(await connection.getSlot()).toBeGreaterThan(0);
    const signature = await control.airdrop(Keypair.generate().publicKey.toBase58(), PRICE);
    expect(chain.getTransaction(signature)?.err).toBeNull();
  });

  it('answers 429 with Retry-After as a provider over its limit, and counts those calls apart from the answered', async () => {
    // web3.js would otherwise retry a 429 on its own, five times.
    const strict = new Connection(chain.url, { commitment: 'confirmed', disableRetryOnRateLimit: true });
    const control = chainControl(chain.url);
    const answered = chain.calls().getSlot ?? 0;
    chain.setRateLimit({ on: true, retryAfterSeconds: 7 });
    try {
      await expect(strict.getSlot()).rejects.toThrow('429 Too Many Requests');
      const batch = [
        { jsonrpc: '2.0', id: 1, method: 'getSlot' },
        { jsonrpc: '2.0', id: 2, method: 'getHealth' },
      ];
      const res = await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(batch) });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await control.refused()).toEqual({ getSlot: 2, getHealth: 1 });
      expect(chain.calls().getSlot ?? 0).toBe(answered);
      // A test's own wallet stands for another client, on its own provider.
      expect(await rpc({ jsonrpc: '2.0', id: 3, method: 'getHealth' }, { [NOT_COUNTED]: '1' })).toMatchObject({ result: 'ok' });

      await control.setRateLimit({ on: true, count: 2 });
      await expect(strict.getSlot()).rejects.toThrow('429');
      await expect(strict.getSlot()).rejects.toThrow('429');
      expect(await strict.getSlot()).toBeGreaterThan(0);
      expect(await strict.getSlot()).toBeGreaterThan(0);
      expect(chain.calls().getSlot).toBe(answered + 2);
      await expect(control.setRateLimit({ on: true, count: 0 })).rejects.toThrow('count must be a positive integer');
    } finally {
      chain.setRateLimit({ on: false });
    }
  });
});

/** The bits of the stand-in's provider these tests drive. */
interface TestProvider {
  isPhantom: boolean;
  publicKey: { toBytes(): Uint8Array } | null;
  connect(): Promise<{ publicKey: { toBase58(): string } }>;
  signTransaction<T>(tx: T): Promise<T>;
  signAndSendTransaction(tx: VersionedTransaction): Promise<{ signature: string }>;
  signMessage(message: Uint8Array): Promise<{ signature: Uint8Array }>;
}

describe('Phantom stand-in (its init script, run in a bare context)', () => {
  function install(options: { rejectSign?: boolean } = {}) {
    const wallet = Keypair.generate();
    const window: Record<string, unknown> = {};
    // The host's Uint8Array, so signatures pass web3.js's instanceof checks as they do in a page.
    const context = { window, self: { crypto: globalThis.crypto }, btoa, fetch, console, setTimeout, Uint8Array };
    runInNewContext(phantomInitScript({ secretKey: [...wallet.secretKey], rpcUrl: chain.url, ...options }), context);
    return { wallet, window, provider: (window.phantom as { solana: TestProvider }).solana };
  }

  it("signs the page's own web3.js transactions with a real key", async () => {
    const { wallet, window, provider } = install();
    expect(window.isPhantomInstalled).toBe(true);
    expect(window.solana).toBe(provider);
    expect(provider.publicKey).toBeNull();
    const { publicKey } = await provider.connect();
    expect(publicKey.toBase58()).toBe(wallet.publicKey.toBase58());
    expect(new PublicKey(provider.publicKey!.toBytes()).equals(wallet.publicKey)).toBe(true);

    await chain.airdrop(wallet.publicKey, LAMPORTS_PER_SOL);
    const recipient = Keypair.generate().publicKey;
    const transfer = SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: recipient, lamports: PRICE });
    const { blockhash } = await connection.getLatestBlockhash();
    const legacy = await provider.signTransaction(new Transaction({ feePayer: wallet.publicKey, recentBlockhash: blockhash }).add(transfer));
    expect(legacy.verifySignatures()).toBe(true);
    await connection.sendRawTransaction(legacy.serialize());

    const message = new TransactionMessage({ payerKey: wallet.publicKey, recentBlockhash: blockhash, instructions: [transfer] }).compileToV0Message();
    const { signature } = await provider.signAndSendTransaction(new VersionedTransaction(message));
    expect(chain.getTransaction(signature)?.err).toBeNull();
    expect(chain.getBalance(recipient)).toBe(2 * PRICE);

    const text = new TextEncoder().encode('restore my purchases');
    const signed = await provider.signMessage(text);
    expect(nacl.sign.detached.verify(text, signed.signature, wallet.publicKey.toBytes())).toBe(true);
    expect((window.__phantomTest as { calls: string[] }).calls).toEqual(['connect', 'signTransaction', 'signAndSendTransaction', 'signMessage']);
  });

  it('rejects like Phantom when told to', async () => {
    const { wallet, window, provider } = install({ rejectSign: true });
    await provider.connect();
    const tx = new Transaction({ feePayer: wallet.publicKey, recentBlockhash: PublicKey.default.toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: wallet.publicKey, toPubkey: wallet.publicKey, lamports: 1 }),
    );
    await expect(provider.signTransaction(tx)).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    (window.__phantomTest as { rejectSign: boolean; rejectConnect: boolean }).rejectConnect = true;
    await expect(provider.connect()).rejects.toMatchObject({ code: 4001 });
  });
});
