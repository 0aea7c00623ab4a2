import 'server-only';
import { Connection } from '@solana/web3.js';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { countPurchase, firstVideo, getTitle, getTitleSummary, getVideo } from '../catalog';
import { publicEnv } from '../env/public';
import { env } from '../env/server';
import { refuse, type Refusal } from '../errors';
import { lazyLimiter } from '../http/limiter';
import { sharedRedis, takeLapsingLock } from '../http/redis';
import { createCheckout } from './checkout';
import { chainIdOf, type ClusterName } from './cluster';
import { CHAIN_UNREACHABLE, clusterCheck } from './cluster-check';
import { sharedGenesisHash } from './genesis-hash';
import { ledger, type Purchase } from './ledger';
import { PAYMENTS_LOOK_MS, SIGNATURE_LOOK_MS } from './look-intervals';
import { ownedCache } from './owned-cache';
import { unlocks } from './unlocks';
import { checkPlaybackLink, playbackUrl, renewAfterSeconds } from './playback';
import { budgetedFetch, timedFetch } from './rpc';
import { payingFor, takeRpcCall } from './rpc-share';
import { receiptsFor } from './receipts';
import { signatureReads } from './signature-reads';
import { createRestoreChallenge, restorePurchases, siteIdentity, type RestoreAnswer } from './restore';
import { RESTORE_BROWSERS_PER_DAY, RESTORE_CAP_SECONDS, restoreCap } from './restore-cap';
import { signingSecret } from '../identity/secret';
import { holderOf } from '../identity/signed-token';
import { watchTransfers, type TransferStatusResult } from './transfer-status';
import { markOwner } from '../identity/visitor-cookies';
import { verifyPayment, type VerifyRequest, type VerifyResult } from './verify';
import { claimWalletPayments } from './wallet-claims';

/** Request-body shapes shared by the payment routes. */
const base58 = (min: number, max: number) => z.string().regex(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`), 'expected a base58 string');
export const signatureSchema = base58(64, 90);
export const walletSchema = base58(32, 44);

const catalog = { getTitle };
/** Every RPC call counts against RPC_CALLS_PER_MINUTE; during a restore, against its wallet's and address's shares too. */
const rpcFetch = budgetedFetch(takeRpcCall, timedFetch(env.RPC_TIMEOUT_MS));
const connection = new Connection(env.SOLANA_RPC_URL, { commitment: 'confirmed', fetch: rpcFetch });

/** Signatures a visitor names (verify) are asked of the chain together, one getSignatureStatuses per interval. */
const signatures = signatureReads({ connection, intervalMs: SIGNATURE_LOOK_MS });
const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

const paymentTerms = { lamports: env.PRICE_LAMPORTS, recipient: env.SOLANA_RECIPIENT };

/**
 * The cluster payments are on (checkouts and restores name it), or a 503 while it cannot be named or
 * the browsers' RPC is on another cluster. publicEnv's URL is the one the build gave the browsers.
 */
export const paymentCluster = clusterCheck({
  serverRpc: env.SOLANA_RPC_URL,
  browserRpc: publicEnv.solanaRpcUrl,
  // With REDIS_URL a cold instance finds it there: no instance asks again, and no visitor's traffic can keep it from knowing.
  genesisHashOf: sharedGenesisHash(sharedRedis, (url) => new Connection(url, { fetch: rpcFetch }).getGenesisHash()),
});

/**
 * The genesis hash of the cluster the server verifies on: purchases are recorded with it, and only those
 * made on it unlock anything. Asked of the RPC once, then kept; a failure throws (the routes answer 503).
 */
const serverCluster = () => paymentCluster.serverGenesisHash();

/** Runs `work` on the server's cluster, or answers 503 "try again" while the RPC cannot name it. */
async function onServerCluster<T>(work: (cluster: string) => Promise<T>) {
  const cluster = await serverCluster().catch(() => null);
  return cluster ? work(cluster) : refuse('unavailable', CHAIN_UNREACHABLE);
}

const knownOwned = ownedCache();

/** Every path this browser owns, from the ledger: nothing is ever dropped, however many. */
export async function ownedPaths(browser: string | null): Promise<string[]> {
  if (!browser) return [];
  const paths = await ledger.ownedBy(browser, await serverCluster());
  knownOwned.remember(browser, paths);
  return paths;
}

export async function ownsVideo(browser: string, videoPath: string): Promise<boolean> {
  const known = knownOwned.pathsOf(browser);
  if (known && unlocks(known, videoPath)) return true;
  return unlocks(await ownedPaths(browser), videoPath);
}

/** A checkout on `cluster` (the genesis hash paymentCluster answered), payable for CHECKOUT_WINDOW_SECONDS and kept 30 days. */
export const startCheckout = (path: string, browser: string, cluster: string) =>
  createCheckout(path, browser, {
    secret: signingSecret,
    ...paymentTerms,
    cluster,
    windowMs: env.CHECKOUT_WINDOW_SECONDS * 1000,
    catalog: { getTitle },
    checkouts: ledger,
  });

/** The claim of a signature (create-once) is where a purchase counts toward its title's popularity: once per signature. */
const claims = { ...ledger, create: async (purchase: Purchase) => (await ledger.create(purchase)) && (await countPurchase(purchase.path), true) };

export const finishCheckout = (request: VerifyRequest): Promise<VerifyResult> =>
  onServerCluster((cluster) =>
    verifyPayment(request, { secret: signingSecret, connection: { getParsedTransaction: signatures.transaction }, ledger: claims, catalog, cluster }),
  );

let watcher: ReturnType<typeof watchTransfers> | undefined;
export const transferStatus = (checkoutToken: string, browser: string): Promise<TransferStatusResult> =>
  onServerCluster((cluster) => {
    watcher ??= watchTransfers({
      secret: signingSecret,
      // The transactions it reads were listed by the chain: read once, and kept for the claim that follows.
      connection: { getSignaturesForAddress: connection.getSignaturesForAddress.bind(connection), getParsedTransaction: signatures.listedTransaction },
      ledger: claims,
      catalog,
      cluster,
      intervalMs: PAYMENTS_LOOK_MS,
      // With REDIS_URL, instances take turns: one look per interval for all of them.
      throttle: () => takeLapsingLock('payments-look', PAYMENTS_LOOK_MS),
    });
    return watcher(checkoutToken, browser);
  });

/** A restore challenge naming the payments' cluster, that only the asking browser can answer. */
export const restoreChallenge = (wallet: string, browser: string, cluster: ClusterName) =>
  createRestoreChallenge(signingSecret, wallet, browser, { ...site, chainId: chainIdOf(cluster) });

const admitRestore = restoreCap({
  browsers: lazyLimiter({ name: 'restore-browsers', points: RESTORE_BROWSERS_PER_DAY, durationSeconds: RESTORE_CAP_SECONDS }),
  counted: lazyLimiter({ name: 'restore-counted', points: 1, durationSeconds: RESTORE_CAP_SECONDS }),
});

/**
 * The payments the wallet made to our checkouts that no browser claimed, as far back as this restore
 * read (`more`: the next one reads on); none, and more to read, when the chain cannot be read now.
 */
async function unclaimedPayments(wallet: string, cluster: string) {
  try {
    return await claimWalletPayments(wallet, { connection, ledger: claims, catalog, cluster });
  } catch (error) {
    console.error('[restore] could not look for unclaimed payments of', wallet, error);
    return { claimed: [], more: true };
  }
}

/**
 * Checks a signed restore, claims the wallet's payments no browser claimed, then gives this browser
 * everything the wallet bought, unless the wallet already reached its browsers for the day (429, with
 * the wait). The challenge is spent either way: the cap is checked once the signature proves the
 * wallet, so no one else can use a wallet's quota.
 */
export const restore = (answer: RestoreAnswer, browser: string, client: string) => onServerCluster((cluster) => restoreOn(cluster, answer, browser, client));

async function restoreOn(cluster: string, answer: RestoreAnswer, browser: string, client: string) {
  const result = await restorePurchases(signingSecret, answer, browser, site, ledger, cluster);
  if (!result.ok) return result;
  const admitted = await admitRestore(result.wallet, holderOf(signingSecret, 'restore', browser));
  if (!admitted.ok) {
    const reason = `This wallet's purchases were already restored into ${RESTORE_BROWSERS_PER_DAY} browsers today.`;
    return refuse('rate_limited', reason, admitted.msBeforeNext);
  }
  // A wallet's history is the one chain read a visitor's request makes: repeated restores cost the wallet and the client asking.
  const found = await payingFor([`wallet:${result.wallet}`, client], () => unclaimedPayments(result.wallet, cluster));
  const paths = [...new Set([...result.paths, ...found.claimed.map((purchase) => purchase.path)])];
  await Promise.all(paths.map((path) => ledger.grant(browser, path, `restore:${result.wallet}`, cluster)));
  return { ...result, paths, more: found.more };
}

/** "My purchases" for this browser, newest first: a read or two per purchase listed, then none while cached. */
export const receiptsOf = async (browser: string) => receiptsFor(browser, await serverCluster(), { ledger, catalog: { getTitle: getTitleSummary } });

/** When the page should ask for a fresh link to the video it plays. */
export const renewIn = renewAfterSeconds(env.MEDIA_TOKEN_SECONDS);

export type PlaybackLinkResult = { ok: true; url: string } | Refusal;

/**
 * The link this browser plays one owned video with, signed when it is played: what it costs follows
 * the video asked for (a read or two, then the cache), never how much the browser owns.
 */
export async function playbackLinkFor(browser: string | null, videoPath: string): Promise<PlaybackLinkResult> {
  const owned = await ownedPaths(browser);
  const owner = owned.find((path) => unlocks([path], videoPath));
  if (!browser || !owner) return refuse('forbidden', 'This browser has not bought this title. Buy it, or restore your purchases from your wallet.');
  const video = await getVideo(videoPath);
  if (!video) return refuse('not_found', `No video at ${videoPath}.`);
  const url = playbackUrl(video, owner, { secret: signingSecret, browser, ttl: env.MEDIA_TOKEN_SECONDS });
  if (url) return { ok: true, url };
  console.error(`[media] ${video.path}: its videourl cannot be served (expected private:…, gs://…, https://… or /…)`);
  return refuse('not_found', `The video at ${videoPath} cannot be played just now.`);
}

/**
 * The answer to a verified payment, by Phantom or by Solana Pay: what it unlocked and the video it
 * starts with (its link is asked for when it plays), and the hint that this browser owns something
 * (the route wrapper keeps the browser cookie).
 */
export async function paidResponse(request: Request, paid: { purchase: Purchase }, extra: object = {}) {
  const { path, signature, lamports } = paid.purchase;
  const first = await firstVideo(path).catch((error: unknown) => (console.error(`[payments] no first video for ${path}`, error), null));
  const play = first && { path: first.path, title: first.title };
  const response = NextResponse.json({ ...extra, path, signature, lamports, play }, { headers: { 'Cache-Control': 'no-store' } });
  markOwner(response, request);
  return response;
}

/** Whether a playback link is this server's, unexpired and this browser's: a check without I/O, before any budget. */
export const playbackLinkCheck = (token: string, browser: string | null) => checkPlaybackLink(signingSecret, token, browser);
