import 'server-only';
import { createHash } from 'node:crypto';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { Connection, PublicKey } from '@solana/web3.js';
import { countPurchase, getTitle } from '../catalog';
import { count } from '../figures';
import { publicEnv } from '../env/public';
import { DEFAULT_RECIPIENT } from '../env/schema';
import { env } from '../env/server';
import { refuse } from '../errors';
import { sharedRedis } from '../http/redis';
import { usdcMintOn } from './chain/cluster';
import { CHAIN_UNREACHABLE, clusterCheck } from './chain/cluster-check';
import type { Explorer } from './reporting/explorer';
import { feeMarket } from './checkout/fee-market';
import { sharedGenesisHash } from './chain/genesis-hash';
import { ledger, type Purchase } from './ledger/ledger';
import { saleFigures } from './reporting/sale-kind';
import { budgetedFetch, providerBackoff, timedFetch } from './chain/rpc';
import { takeRpcCall } from './chain/rpc-share';
import { sellingChecks, type SellingReadiness } from './reporting/selling-check';

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

/** The recipient's USDC account on `mint` (the account a USDC payment writes). */
const usdcAccountOf = (mint: string) => getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(env.SOLANA_RECIPIENT), true);

/**
 * Blockhash and unit price for the transactions the server builds, read per interval and shared across instances:
 * the fees asked are those of the accounts a payment writes (the recipient and its USDC account).
 */
export const chainTerms = feeMarket(connection, {
  accounts: () => [new PublicKey(env.SOLANA_RECIPIENT), ...(lastUsdcMint ? [usdcAccountOf(lastUsdcMint)] : [])],
  shared: sharedRedis,
  sharedKey: createHash('sha256').update(env.SOLANA_RPC_URL).digest('hex').slice(0, 16),
});
let lastUsdcMint: string | null = null;

/** A checklist that passed is asked again every 10 minutes (an account is not closed by itself); one that did not, every minute. */
const READY_FOR_MS = 10 * 60_000;
const NOT_READY_FOR_MS = 60_000;
let readiness: { at: number; value: Promise<SellingReadiness>; ready: boolean } | null = null;

/** The going-live checklist (lib/payments/reporting/selling-check.ts), kept between reads: one read in flight, whoever asks. */
export function sellingReadiness(): Promise<SellingReadiness> {
  const now = Date.now();
  if (readiness && now - readiness.at < (readiness.ready ? READY_FOR_MS : NOT_READY_FOR_MS)) return readiness.value;
  const value = (async () =>
    sellingChecks({
      cluster: await paymentCluster(),
      recipient: env.SOLANA_RECIPIENT,
      recipientIsDefault: env.SOLANA_RECIPIENT === DEFAULT_RECIPIENT,
      usdcMintOn: (cluster) => usdcMintOn(cluster, env.USDC_MINT),
      connection,
    }))();
  const kept = { at: now, value, ready: false };
  readiness = kept;
  void value.then(
    (answer) => {
      // The cluster could not be named: paymentCluster answers that itself, and asks again at once once it can.
      if (!answer.cluster && readiness === kept) readiness = null;
      lastUsdcMint = answer.usdcMint;
      kept.ready = answer.checks.every((check) => check.state === 'ok');
    },
    () => readiness === kept && (readiness = null),
  );
  return value;
}

/** Where transaction links point: the browsers' RPC, on the cluster its genesis hash names (guessed while it cannot be asked). */
export async function siteExplorer(): Promise<Explorer> {
  const cluster = await paymentCluster().catch(() => null);
  return { rpcUrl: publicEnv.solanaRpcUrl, cluster: cluster?.ok ? cluster.cluster : null };
}
