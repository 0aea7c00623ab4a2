import { ComputeBudgetProgram, Connection, Keypair, PublicKey, SolanaJSONRPCError, SystemProgram, Transaction, TransactionInstruction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalChain, type LocalChain } from '@/e2e/support/chain/server';
import { CIRCLE_USDC } from '@/lib/payments/chain/cluster';
import { readPaymentFacts, UnsupportedTransactionVersion } from '@/lib/payments/chain/facts-cache';
import { feeMarket } from '@/lib/payments/checkout/fee-market';
import { MEMO_PROGRAM_ID } from '@/lib/payments/checkout/payment-transaction';

/**
 * Issue 51 against real JSON-RPC: the local chain answers a version 1 transaction as agave does, the site reads it
 * at version 1, fees come from the chain, and a server on mainnet with the devnet mint refuses to sell.
 */
const PORT = 8971;
const MAINNET_GENESIS_HASH = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
let chain: LocalChain;
let mainnet: LocalChain;

beforeAll(async () => {
  chain = await startLocalChain({ port: PORT });
  mainnet = await startLocalChain({ port: PORT + 2, genesisHash: MAINNET_GENESIS_HASH });
});
afterAll(async () => {
  await Promise.all([chain?.stop(), mainnet?.stop()]);
  vi.unstubAllEnvs();
});

/** A confirmed SOL payment to `recipient`, with a memo, marked as sent in version 1 before it lands. */
async function paidInVersion1(recipient = Keypair.generate().publicKey) {
  const connection = new Connection(chain.url, 'confirmed');
  const payer = Keypair.generate();
  await chain.airdrop(payer.publicKey, 1_000_000_000);
  const blockhash = await connection.getLatestBlockhash('confirmed');
  const tx = new Transaction({ feePayer: payer.publicKey, ...blockhash }).add(
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }),
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 10_000_000 }),
    new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from('Solenema order test', 'utf8') }),
  );
  tx.sign(payer);
  const encoded = bs58.encode(tx.signature!);
  chain.markVersion1(encoded);
  await connection.confirmTransaction({ signature: await connection.sendRawTransaction(tx.serialize()), ...blockhash }, 'confirmed');
  return { signature: encoded, payer: payer.publicKey, recipient };
}

const rpc = async (method: string, params: unknown[]) =>
  (await (
    await fetch(chain.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  ).json()) as {
    result?: { version?: unknown; transaction: { message: { instructions: { program?: string; parsed?: unknown }[] } } };
    error?: { code: number; message: string };
  };

describe('a version 1 transaction on the local chain', () => {
  it('answers -32015 with agave’s message to a call that declares less, and "version": 1 to one that declares 1', async () => {
    const { signature } = await paidInVersion1();
    const below = await rpc('getTransaction', [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]);
    expect(below.error).toEqual({
      code: -32015,
      message:
        'Transaction version (1) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 1',
    });
    const undeclared = await rpc('getTransaction', [signature, { encoding: 'jsonParsed', commitment: 'confirmed' }]);
    expect(undeclared.error?.code).toBe(-32015);
    const at1 = await rpc('getTransaction', [signature, { encoding: 'jsonParsed', commitment: 'confirmed', maxSupportedTransactionVersion: 1 }]);
    expect(at1.result?.version).toBe(1);
    // The memo is parsed, as a node parses spl-memo.
    expect(at1.result?.transaction.message.instructions).toContainEqual(expect.objectContaining({ program: 'spl-memo', parsed: 'Solenema order test' }));
  });

  it('is read by the site at version 1, by its balance changes: who paid whom how much', async () => {
    const { signature, payer, recipient } = await paidInVersion1();
    const facts = await readPaymentFacts(new Connection(chain.url, 'confirmed'), signature);
    expect(facts).not.toBeNull();
    expect(JSON.stringify(facts)).toContain(payer.toBase58());
    expect(JSON.stringify(facts)).toContain(recipient.toBase58());
  });

  it('is never taken for "not paid" when an RPC refuses the version: logged as a defect, and thrown', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const refusing = {
      getParsedTransaction: async () => {
        // As web3.js throws a node's -32015 (a version above the one declared).
        throw new SolanaJSONRPCError(
          { code: -32015, message: 'Transaction version (2) is not supported by the requesting client.' },
          'failed to get transaction',
        );
      },
    };
    await expect(readPaymentFacts(refusing as unknown as Connection, 'sig')).rejects.toBeInstanceOf(UnsupportedTransactionVersion);
    expect(log).toHaveBeenCalledWith(expect.stringContaining('[payments] DEFECT'));
    log.mockRestore();
  });
});

describe('priority fees from the chain', () => {
  it('getRecentPrioritizationFees answers what recent slots asked, and the site pays it', async () => {
    chain.setPriorityFee(75_000);
    await paidInVersion1();
    const connection = new Connection(chain.url, 'confirmed');
    const fees = await connection.getRecentPrioritizationFees({ lockedWritableAccounts: [Keypair.generate().publicKey] });
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((fee) => fee.prioritizationFee === 75_000)).toBe(true);
    const terms = await feeMarket(connection, { accounts: () => [] }).terms();
    expect(terms.unitPriceMicroLamports).toBe(75_000);
    expect((await connection.isBlockhashValid(terms.blockhash)).value).toBe(true);
    chain.setPriorityFee(0);
  });
});

describe('going live', () => {
  it('with a mainnet genesis hash and the devnet USDC mint, the first checkout is refused with the reason, and the studio’s checklist says it', async () => {
    vi.resetModules();
    vi.stubEnv('SOLANA_RPC_URL', mainnet.url);
    vi.stubEnv('NEXT_PUBLIC_SOLANA_RPC_URL', mainnet.url);
    vi.stubEnv('SOLANA_RECIPIENT', Keypair.generate().publicKey.toBase58());
    vi.stubEnv('USDC_MINT', CIRCLE_USDC.devnet!);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { startCheckout } = await import('@/lib/payments/checkout/start-checkout');
    const { sellingReadiness } = await import('@/lib/payments/wiring');
    const answer = await startCheckout(
      { path: 'trailers/c-vault', kind: 'buy' },
      'browser-a-0123456789ab',
      { browser: 'browser-a-0123456789ab', owns: 'none' },
      { siteOrigin: 'https://solenema.test', address: null },
    );
    expect(answer).toMatchObject({
      ok: false,
      code: 'conflict',
      reason: expect.stringMatching(/USDC_MINT is Circle’s devnet USDC .*but the RPC is on mainnet-beta/),
    });
    const readiness = await sellingReadiness();
    expect(readiness.checks.find((check) => check.name === 'mint')).toMatchObject({ state: 'failed', stops: 'all' });
    expect(readiness.refusal).toBe((answer as { reason: string }).reason);
    expect(new PublicKey(CIRCLE_USDC['mainnet-beta']!).toBase58()).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
  });
});
