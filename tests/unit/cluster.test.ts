import { describe, expect, it, vi } from 'vitest';
import { chainIdOf, clusterLabel, clusterOfGenesisHash } from '@/lib/payments/chain/cluster';
import { CHAIN_UNREACHABLE, CLUSTER_MISMATCH, clusterCheck } from '@/lib/payments/chain/cluster-check';

const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
const MAINNET = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d';
const TESTNET = '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY';
const LOCAL = '3fRbDLNixbSc6WJ3djVRNwTaVfZWbdLrT2WFqXNT1cWc';

describe('the cluster a genesis hash names', () => {
  it('knows the public clusters, and calls any other chain localnet, never devnet', () => {
    expect(clusterOfGenesisHash(MAINNET)).toBe('mainnet-beta');
    expect(clusterOfGenesisHash(DEVNET)).toBe('devnet');
    expect(clusterOfGenesisHash(TESTNET)).toBe('testnet');
    expect(clusterOfGenesisHash(LOCAL)).toBe('localnet');
  });

  it('reads as the dialog shows it and as Sign In With Solana names it', () => {
    expect(clusterLabel('localnet')).toBe('Solana localnet');
    expect(chainIdOf('mainnet-beta')).toBe('solana:mainnet');
    expect(chainIdOf('devnet')).toBe('solana:devnet');
  });
});

/** A fake RPC per URL: a genesis hash, or an outage. */
function rpcs(answers: Record<string, string | Error>) {
  const genesisHashOf = vi.fn(async (url: string) => {
    const answer = answers[url];
    if (answer instanceof Error) throw answer;
    return answer!;
  });
  return { genesisHashOf, log: vi.fn() };
}

describe('clusterCheck', () => {
  const serverRpc = 'http://server-rpc.test/?api-key=secret';
  const browserRpc = 'http://browser-rpc.test';

  it('names the cluster both RPCs are on, and asks the chain only once', async () => {
    const fake = rpcs({ [serverRpc]: LOCAL, [browserRpc]: LOCAL });
    const check = clusterCheck({ serverRpc, browserRpc, ...fake });
    expect(fake.genesisHashOf).not.toHaveBeenCalled();
    expect(await check()).toEqual({ ok: true, cluster: 'localnet', genesisHash: LOCAL });
    expect(await check()).toEqual({ ok: true, cluster: 'localnet', genesisHash: LOCAL });
    expect(fake.genesisHashOf).toHaveBeenCalledTimes(2);
  });

  it('refuses with a 503 and a log naming both URLs (without their query) when they are different clusters', async () => {
    const fake = rpcs({ [serverRpc]: DEVNET, [browserRpc]: MAINNET });
    const check = clusterCheck({ serverRpc, browserRpc, ...fake });
    expect(await check()).toEqual({ ok: false, code: 'unavailable', reason: CLUSTER_MISMATCH });
    expect(await check()).toEqual({ ok: false, code: 'unavailable', reason: CLUSTER_MISMATCH });
    expect(fake.log).toHaveBeenCalledTimes(1);
    const line = fake.log.mock.calls[0]![0] as string;
    expect(line).toContain('SOLANA_RPC_URL http://server-rpc.test is on devnet');
    expect(line).toContain('NEXT_PUBLIC_SOLANA_RPC_URL http://browser-rpc.test is on mainnet-beta');
    expect(line).not.toContain('secret');
  });

  it('answers "try again" while an RPC is unreachable, and asks again next time instead of refusing for good', async () => {
    const answers: Record<string, string | Error> = { [serverRpc]: DEVNET, [browserRpc]: new Error('fetch failed') };
    const fake = rpcs(answers);
    const check = clusterCheck({ serverRpc, browserRpc, ...fake });
    expect(await check()).toEqual({ ok: false, code: 'unavailable', reason: CHAIN_UNREACHABLE });
    answers[browserRpc] = DEVNET;
    expect(await check()).toEqual({ ok: true, cluster: 'devnet', genesisHash: DEVNET });
    // The server's hash was kept from the first answer.
    expect(fake.genesisHashOf.mock.calls.filter(([url]) => url === serverRpc)).toHaveLength(1);
  });

  it('asks once for both when the server and the browser use the same URL', async () => {
    const fake = rpcs({ [browserRpc]: TESTNET });
    const check = clusterCheck({ serverRpc: browserRpc, browserRpc, ...fake });
    expect(await Promise.all([check(), check()])).toEqual([
      { ok: true, cluster: 'testnet', genesisHash: TESTNET },
      { ok: true, cluster: 'testnet', genesisHash: TESTNET },
    ]);
    expect(fake.genesisHashOf).toHaveBeenCalledTimes(1);
  });

  it('names the server RPC’s cluster alone, where purchases are verified and owned, even while the browsers’ RPC disagrees', async () => {
    const fake = rpcs({ [serverRpc]: DEVNET, [browserRpc]: MAINNET });
    const check = clusterCheck({ serverRpc, browserRpc, ...fake });
    expect(await check.serverGenesisHash()).toBe(DEVNET);
  });
});
