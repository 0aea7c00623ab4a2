import 'server-only';
import { Connection } from '@solana/web3.js';
import { countPurchase, getTitle } from '../catalog';
import { count } from '../figures';
import { publicEnv } from '../env/public';
import { env } from '../env/server';
import { refuse } from '../errors';
import { sharedRedis } from '../http/redis';
import { CHAIN_UNREACHABLE, clusterCheck } from './cluster-check';
import { sharedGenesisHash } from './genesis-hash';
import { ledger, type Purchase } from './ledger';
import { saleFigures } from './sale-kind';
import { budgetedFetch, providerBackoff, timedFetch } from './rpc';
import { takeRpcCall } from './rpc-share';

/**
 * What every payment use case shares (start-checkout, confirm-payment, restore-wallet, ownership,
 * playback-link): one chain connection, the cluster it is on, and the ledger as purchases are claimed in it.
 */

/** The catalog as payments read it: a title's terms and whether it is locked, as its pages show them (cached, expired by edits). */
export const catalog = { getTitle };

/**
 * Every RPC call counts against RPC_CALLS_PER_MINUTE (during a restore, against its wallet's and address's
 * shares too), and none is sent while the provider asked us to wait (a 429's Retry-After): web3.js's own
 * retries of a 429 would only spend the quota again.
 */
const rpcFetch = providerBackoff(budgetedFetch(takeRpcCall, timedFetch(env.RPC_TIMEOUT_MS)));
export const connection = new Connection(env.SOLANA_RPC_URL, { commitment: 'confirmed', fetch: rpcFetch, disableRetryOnRateLimit: true });

/**
 * The cluster payments are on (checkouts and restores name it), or a refusal while it cannot be named or
 * the browsers' RPC is on another cluster. publicEnv's URL is the one the build gave the browsers.
 */
export const paymentCluster = clusterCheck({
  serverRpc: env.SOLANA_RPC_URL,
  browserRpc: publicEnv.solanaRpcUrl,
  // With REDIS_URL a cold instance finds it there: no instance asks again, and no visitor's traffic can keep it from knowing.
  genesisHashOf: sharedGenesisHash(sharedRedis, (url) => new Connection(url, { fetch: rpcFetch, disableRetryOnRateLimit: true }).getGenesisHash()),
});

/**
 * The genesis hash of the cluster the server verifies on: purchases are recorded with it, and only those
 * made on it unlock anything. Asked of the RPC once, then kept; a failure throws (the routes answer 503).
 */
export const serverCluster = () => paymentCluster.serverGenesisHash();

/** Runs `work` on the server's cluster, or refuses with "try again" (unavailable) while the RPC cannot name it. */
export async function onServerCluster<T>(work: (cluster: string) => Promise<T>) {
  const cluster = await serverCluster().catch(() => null);
  return cluster ? work(cluster) : refuse('unavailable', CHAIN_UNREACHABLE);
}

/**
 * The claim of a signature (create-once) is where a purchase counts, once per signature: toward its title's
 * popularity, and in the studio's figures of the day (lib/figures).
 */
export const claims = {
  ...ledger,
  async create(purchase: Purchase) {
    if (!(await ledger.create(purchase))) return false;
    await Promise.all([countPurchase(purchase.path), count(purchase.path, saleFigures(purchase))]);
    return true;
  },
};
