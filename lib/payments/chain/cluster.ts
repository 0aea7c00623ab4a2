/**
 * Which Solana cluster the site takes payments on, named from the RPC's genesis hash (the one
 * value that tells clusters apart; a URL can be any host). Safe for the browser: no imports.
 */
export type ClusterName = 'mainnet-beta' | 'devnet' | 'testnet' | 'localnet';

const DEVNET_GENESIS_HASH = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG';

const PUBLIC_CLUSTERS: Record<string, ClusterName> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d': 'mainnet-beta',
  [DEVNET_GENESIS_HASH]: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3zQawwpjk2NsNY': 'testnet',
};

/**
 * Any other genesis hash is a chain of the operator's own (a test validator, a local shim):
 * 'localnet', the wallet standard's name for it. Never called devnet, which it is not.
 */
export const clusterOfGenesisHash = (genesisHash: string): ClusterName => PUBLIC_CLUSTERS[genesisHash] ?? 'localnet';

/** Circle's USDC mint on each public cluster it issues on. */
export const CIRCLE_USDC: Partial<Record<ClusterName, string>> = {
  'mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  devnet: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
};

/**
 * The mint USDC prices are paid in on `cluster`: the operator's USDC_MINT when set (on purpose), else Circle's USDC of
 * that cluster (devnet's on testnet and a local chain, where tests name their own).
 */
export const usdcMintOn = (cluster: ClusterName, configured: string | undefined) => configured ?? CIRCLE_USDC[cluster] ?? CIRCLE_USDC.devnet!;

/** The cluster a mint is Circle's USDC on, if it is. */
export const circleClusterOf = (mint: string) => (Object.entries(CIRCLE_USDC) as [ClusterName, string][]).find(([, known]) => known === mint)?.[0] ?? null;

/** As a buyer reads it in the purchase dialog: `Solana devnet`. */
export const clusterLabel = (cluster: ClusterName) => `Solana ${cluster}`;

/** The Sign In With Solana / wallet-standard chain id: mainnet-beta is `solana:mainnet` there. */
export const chainIdOf = (cluster: ClusterName) => (cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`);

/**
 * The cluster of records written before purchases named theirs: the site took payments on devnet only
 * (docs/payments.md, "Purchases are bound to their cluster"), so they stay valid there and unlock nothing on any other cluster.
 */
export const LEGACY_GENESIS_HASH = DEVNET_GENESIS_HASH;
