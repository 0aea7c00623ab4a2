import { Connection } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startLocalChain, type LocalChain } from '@/e2e/support/chain/server';
import { CHAIN_UNREACHABLE, CLUSTER_MISMATCH, clusterCheck } from '@/lib/payments/chain/cluster-check';
import { timedFetch } from '@/lib/payments/chain/rpc';

/** Two local chains: one stands in for devnet (its genesis hash), the other is a chain of its own. */
const PORT = 8961;
const DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
let local: LocalChain;
let devnet: LocalChain;

// As lib/payments/wiring.ts asks: a real JSON-RPC call, bounded in time.
const genesisHashOf = (url: string) => new Connection(url, { fetch: timedFetch(2_000) }).getGenesisHash();

beforeAll(async () => {
  local = await startLocalChain({ port: PORT });
  devnet = await startLocalChain({ port: PORT + 2, genesisHash: DEVNET_GENESIS_HASH });
});

afterAll(async () => {
  await Promise.all([local?.stop(), devnet?.stop()]);
});

describe('the payment cluster, asked of real RPCs', () => {
  it('is named from the genesis hash: the local chain is localnet, not devnet', async () => {
    expect(await clusterCheck({ serverRpc: local.url, browserRpc: local.url, genesisHashOf })()).toMatchObject({ ok: true, cluster: 'localnet' });
    expect(await clusterCheck({ serverRpc: devnet.url, browserRpc: devnet.url, genesisHashOf })()).toMatchObject({ ok: true, cluster: 'devnet' });
  });

  it('refuses payments when the server and the browsers are on different clusters, naming both in the log', async () => {
    const log = vi.fn();
    const check = clusterCheck({ serverRpc: devnet.url, browserRpc: local.url, genesisHashOf, log });
    expect(await check()).toEqual({ ok: false, code: 'unavailable', reason: CLUSTER_MISMATCH });
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`SOLANA_RPC_URL ${devnet.url} is on devnet`));
    expect(log).toHaveBeenCalledWith(expect.stringContaining(`NEXT_PUBLIC_SOLANA_RPC_URL ${local.url} is on localnet`));
  });

  it('names each RPC in the log by its origin alone: the path and query, where providers put API keys, stay out', async () => {
    const log = vi.fn();
    const check = clusterCheck({ serverRpc: `${devnet.url}/v2/secret-api-key?token=secret-token`, browserRpc: `${local.url}/secret-path`, genesisHashOf, log });
    expect(await check()).toMatchObject({ ok: false, reason: CLUSTER_MISMATCH });
    const down = clusterCheck({ serverRpc: `http://127.0.0.1:${PORT + 6}/secret-api-key`, browserRpc: local.url, genesisHashOf, log });
    expect(await down()).toMatchObject({ ok: false, reason: CHAIN_UNREACHABLE });
    const logged = log.mock.calls.flat().join('\n');
    expect(logged).toContain(devnet.url);
    expect(logged).not.toMatch(/secret/);
  });

  it('answers "try again" while the browsers\' RPC is down, and names the cluster once it is back', async () => {
    const check = clusterCheck({ serverRpc: local.url, browserRpc: `http://127.0.0.1:${PORT + 4}`, genesisHashOf, log: () => {} });
    expect(await check()).toEqual({ ok: false, code: 'unavailable', reason: CHAIN_UNREACHABLE });
    const late = await startLocalChain({ port: PORT + 4 });
    try {
      expect(await check()).toMatchObject({ ok: true, cluster: 'localnet' });
    } finally {
      await late.stop();
    }
  });
});
