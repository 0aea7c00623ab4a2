import { createHash } from 'node:crypto';

/** Where instances keep what a cluster's RPC answered (Redis with REDIS_URL): a genesis hash never changes. */
export interface SharedValues {
  get(key: string): Promise<string | null>;
  set(key: string, value: string): Promise<unknown>;
}

/** RPC URLs often carry a provider's API key: the shared key names a digest of the URL, never the URL. */
const keyOf = (rpcUrl: string) => `solenema:genesis:${createHash('sha256').update(rpcUrl).digest('hex').slice(0, 32)}`;

/**
 * A cluster's genesis hash as every instance shares it: read from the shared store, else asked of the RPC
 * once and written there, so a cold instance needs no RPC call of its own (clusterCheck keeps it per process).
 * A failing store only costs that instance its own RPC call.
 */
export function sharedGenesisHash(shared: () => SharedValues | null, askRpc: (rpcUrl: string) => Promise<string>) {
  return async (rpcUrl: string): Promise<string> => {
    const store = shared();
    const known = await store?.get(keyOf(rpcUrl)).catch(() => null);
    if (known) return known;
    const hash = await askRpc(rpcUrl);
    await store?.set(keyOf(rpcUrl), hash).catch(() => undefined);
    return hash;
  };
}
