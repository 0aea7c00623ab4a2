import { describe, expect, it, vi } from 'vitest';
import { clusterCheck } from '@/lib/payments/chain/cluster-check';
import { sharedGenesisHash, type SharedValues } from '@/lib/payments/chain/genesis-hash';

const DEVNET = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';
const RPC = 'https://rpc.example/?api-key=secret';

/** What Redis is to the instances: one map they all read and write. */
function sharedMap(): SharedValues & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return { values, get: async (key) => values.get(key) ?? null, set: async (key, value) => values.set(key, value) };
}

/** An instance of the site: its own cluster check (its own memory) over the store every instance shares. */
const instance = (store: SharedValues | null, askRpc: (url: string) => Promise<string>) =>
  clusterCheck({ serverRpc: RPC, browserRpc: RPC, genesisHashOf: sharedGenesisHash(() => store, askRpc) });

describe('the genesis hash: read of the RPC once, kept, shared by instances', () => {
  it('is asked of the RPC once by a process, however many requests need it at once', async () => {
    const askRpc = vi.fn(async () => DEVNET);
    const check = instance(null, askRpc);
    await Promise.all(Array.from({ length: 20 }, () => Promise.all([check(), check.serverGenesisHash()])));
    expect(askRpc).toHaveBeenCalledTimes(1);
  });

  it('is asked of the RPC once by all instances together where they share a store, under a key that does not carry the URL', async () => {
    const store = sharedMap();
    const askRpc = vi.fn(async () => DEVNET);
    for (let cold = 0; cold < 5; cold += 1) expect(await instance(store, askRpc)()).toMatchObject({ ok: true, cluster: 'devnet' });
    expect(askRpc).toHaveBeenCalledTimes(1);
    expect([...store.values.keys()].join()).not.toContain('secret');
  });

  it('asks the RPC when the store fails, and keeps answering', async () => {
    const broken: SharedValues = { get: () => Promise.reject(new Error('redis down')), set: () => Promise.reject(new Error('redis down')) };
    expect(await instance(broken, async () => DEVNET)()).toMatchObject({ ok: true, genesisHash: DEVNET });
  });
});
