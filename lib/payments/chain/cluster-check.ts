import 'server-only';
import { clusterOfGenesisHash, type ClusterName } from './cluster';
import { describeFailure } from '../../failure';
import { refuse, type Refusal } from '../../errors';

export type ClusterAnswer = { ok: true; cluster: ClusterName; genesisHash: string } | Refusal;

export const CHAIN_UNREACHABLE =
  'Payments are unavailable just now: the Solana network could not be reached. Nothing was charged; please try again in a moment.';
export const CLUSTER_MISMATCH =
  'Payments are paused: this site sends payments through one Solana network and checks them on another, so none could be credited. ' +
  'Nothing was charged; the operator has been told.';

interface ClusterCheckOptions {
  /** SOLANA_RPC_URL: where the server verifies payments. */
  serverRpc: string;
  /** NEXT_PUBLIC_SOLANA_RPC_URL as the browsers have it: where they send payments. */
  browserRpc: string;
  genesisHashOf(rpcUrl: string): Promise<string>;
  log?(line: string): void;
}

/** Providers put API keys in the path or the query: the log names the endpoint by its origin alone. */
const endpoint = (url: string) => new URL(url).origin;

/**
 * The cluster payments are on, asked of the chain only when a payment first needs it (never at
 * start). A browser paying on one cluster while the server verifies on another would be charged
 * and never credited, so the two RPCs' genesis hashes must agree. Each hash is kept once answered,
 * and so is the verdict once both are; an unreachable RPC is asked again on the next call, so an
 * outage never refuses payments for good. `serverGenesisHash` is the server RPC's alone: the cluster
 * purchases are verified and owned on, whatever the browsers' RPC says.
 */
export function clusterCheck({ serverRpc, browserRpc, genesisHashOf, log = console.error }: ClusterCheckOptions) {
  const answered = new Map<string, string>();
  const asking = new Map<string, Promise<string>>();
  let verdict: ClusterAnswer | null = null;

  const hashOf = (url: string): Promise<string> => {
    const known = answered.get(url);
    if (known) return Promise.resolve(known);
    let pending = asking.get(url);
    if (!pending) {
      pending = genesisHashOf(url)
        .then((hash) => {
          answered.set(url, hash);
          return hash;
        })
        .finally(() => asking.delete(url));
      asking.set(url, pending);
    }
    return pending;
  };

  const check = async (): Promise<ClusterAnswer> => {
    if (verdict) return verdict;
    let server: string, browser: string;
    try {
      [server, browser] = await Promise.all([hashOf(serverRpc), hashOf(browserRpc)]);
    } catch (error) {
      log(`[cluster] the Solana RPC did not name its cluster (asked again on the next payment): ${describeFailure(error)}`);
      return refuse('unavailable', CHAIN_UNREACHABLE);
    }
    if (server === browser) {
      verdict = { ok: true, cluster: clusterOfGenesisHash(server), genesisHash: server };
    } else {
      const named = (url: string, hash: string) => `${endpoint(url)} is on ${clusterOfGenesisHash(hash)} (genesis ${hash})`;
      log(
        `[cluster] checkouts refused: SOLANA_RPC_URL ${named(serverRpc, server)} but NEXT_PUBLIC_SOLANA_RPC_URL ${named(browserRpc, browser)}. ` +
          'Point both at the same cluster and restart (NEXT_PUBLIC_SOLANA_RPC_URL is fixed when the site is built).',
      );
      verdict = refuse('unavailable', CLUSTER_MISMATCH);
    }
    return verdict;
  };
  return Object.assign(check, { serverGenesisHash: () => hashOf(serverRpc) });
}
