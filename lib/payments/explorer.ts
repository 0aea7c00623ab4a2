/**
 * A transaction on Solana Explorer, for the cluster the site's RPC is on: devnet, testnet and
 * mainnet by name, anything else (a local validator) as a custom cluster at that URL.
 */
export function explorerTransactionUrl(signature: string, rpcUrl: string): string {
  const url = new URL(`https://explorer.solana.com/tx/${encodeURIComponent(signature)}`);
  if (/\bdevnet\b/i.test(rpcUrl)) url.searchParams.set('cluster', 'devnet');
  else if (/\btestnet\b/i.test(rpcUrl)) url.searchParams.set('cluster', 'testnet');
  else if (!/\bmainnet\b/i.test(rpcUrl)) {
    url.searchParams.set('cluster', 'custom');
    url.searchParams.set('customUrl', rpcUrl);
  }
  return url.toString();
}
