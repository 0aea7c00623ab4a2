import type { ClusterName } from '../chain/cluster';

/** Where transaction links point: the browsers' RPC, and the cluster the server found it on (null while unknown). */
export interface Explorer {
  rpcUrl: string;
  cluster: ClusterName | null;
}

/**
 * A transaction on Solana Explorer, on `cluster` as the server named it from the RPC's genesis hash: mainnet, devnet
 * and testnet by name, a chain of the operator's own (localnet) as a custom cluster at the browsers' RPC URL. Only a
 * local chain's URL is ever put in a link: a provider's URL often carries its API key. Without a cluster (the RPC
 * could not be asked), it is guessed from the URL's name, and never custom unless it is a loopback address.
 */
export function explorerTransactionUrl(signature: string, { rpcUrl, cluster }: Explorer): string {
  const url = new URL(`https://explorer.solana.com/tx/${encodeURIComponent(signature)}`);
  const on = cluster ?? guessedCluster(rpcUrl);
  if (on === 'devnet' || on === 'testnet') url.searchParams.set('cluster', on);
  else if (on === 'localnet') {
    url.searchParams.set('cluster', 'custom');
    url.searchParams.set('customUrl', rpcUrl);
  }
  return url.toString();
}

function guessedCluster(rpcUrl: string): ClusterName {
  if (/\bdevnet\b/i.test(rpcUrl)) return 'devnet';
  if (/\btestnet\b/i.test(rpcUrl)) return 'testnet';
  const host = URL.canParse(rpcUrl) ? new URL(rpcUrl).hostname : '';
  return ['localhost', '127.0.0.1', '[::1]'].includes(host) ? 'localnet' : 'mainnet-beta';
}
