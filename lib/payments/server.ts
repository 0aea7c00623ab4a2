import 'server-only';
import { Connection } from '@solana/web3.js';
import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getOwnedPlayback, getPurchasable, type Playback } from '../catalog';
import { env } from '../env';
import { publicEnv } from '../public-env';
import { createCheckout } from './checkout';
import { chainIdOf, type ClusterName } from './cluster';
import { clusterCheck } from './cluster-check';
import {
  BROWSER_COOKIE,
  LEGACY_ENTITLEMENT_COOKIE,
  OWNS_HINT_COOKIE,
  browserCookieValue,
  browserIdFrom,
  cookieOptions,
  newBrowserId,
  readLegacyEntitlements,
  unsignedBrowserIdFrom,
} from './entitlements';
import { ledger, type Purchase } from './ledger';
import { unlocks } from './unlocks';
import { playbackUrl, renewAfterSeconds } from './playback';
import { timedFetch } from './rpc';
import { receiptsFor } from './receipts';
import { createRestoreChallenge, restorePurchases, siteIdentity, type RestoreAnswer } from './restore';
import { signingSecret } from './secret';
import { watchTransfers } from './transfer-status';
import { verifyPayment, type VerifyRequest } from './verify';

/** Request-body shapes shared by the payment routes. */
export const base58 = (min: number, max: number) =>
  z.string().regex(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`), 'expected a base58 string');
export const signatureSchema = base58(64, 90);
export const walletSchema = base58(32, 44);

const catalog = { getPurchasable };
const connection = new Connection(env.SOLANA_RPC_URL, { commitment: 'confirmed', fetch: timedFetch(env.RPC_TIMEOUT_MS) });
const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

export const paymentTerms = { lamports: env.PRICE_LAMPORTS, recipient: env.SOLANA_RECIPIENT };

/**
 * The cluster payments are on (checkouts and restores name it), or a 503 while it cannot be named or
 * the browsers' RPC is on another cluster. publicEnv's URL is the one the build gave the browsers.
 */
export const paymentCluster = clusterCheck({
  serverRpc: env.SOLANA_RPC_URL,
  browserRpc: publicEnv.solanaRpcUrl,
  genesisHashOf: (url) => new Connection(url, { fetch: timedFetch(env.RPC_TIMEOUT_MS) }).getGenesisHash(),
});

/**
 * This browser's id (from its signed cookie, or a bare one from before cookies were signed: `unsigned`,
 * to be re-signed), and the paths a cookie of the old format still lists.
 */
export async function currentVisitor() {
  const jar = await cookies();
  const cookie = jar.get(BROWSER_COOKIE)?.value;
  const signed = browserIdFrom(signingSecret, cookie);
  const unsigned = signed ? null : unsignedBrowserIdFrom(cookie);
  return {
    browser: signed ?? unsigned,
    unsigned: unsigned !== null,
    legacyOwned: readLegacyEntitlements(signingSecret, jar.get(LEGACY_ENTITLEMENT_COOKIE)?.value),
  };
}

/**
 * Positive answers only, for a minute: playback requests ask on every range request, and a
 * purchase made on another instance must never be refused here because of an old "no".
 */
const knownOwned = new Map<string, { paths: string[]; until: number }>();

/** Every path this browser owns, from the ledger: nothing is ever dropped, however many. */
export async function ownedPaths(browser: string | null): Promise<string[]> {
  if (!browser) return [];
  const paths = await ledger.ownedBy(browser);
  if (paths.length > 0) knownOwned.set(browser, { paths, until: Date.now() + 60_000 });
  return paths;
}

export async function ownsVideo(browser: string, videoPath: string): Promise<boolean> {
  const known = knownOwned.get(browser);
  if (known && known.until > Date.now() && unlocks(known.paths, videoPath)) return true;
  return unlocks(await ownedPaths(browser), videoPath);
}

export const startCheckout = (path: string, browser: string) =>
  createCheckout(path, browser, { secret: signingSecret, ...paymentTerms, catalog });

export const finishCheckout = (request: VerifyRequest) =>
  verifyPayment(request, { secret: signingSecret, connection, ledger, catalog });

/** Public RPC endpoints throttle: one chain question per Solana Pay reference every 3 s, whoever polls. */
const REFERENCE_CHECK_MS = 3_000;
export const transferStatus = watchTransfers({ secret: signingSecret, connection, ledger, catalog, intervalMs: REFERENCE_CHECK_MS });

export const restoreChallenge = (wallet: string, cluster: ClusterName) =>
  createRestoreChallenge(signingSecret, wallet, { ...site, chainId: chainIdOf(cluster) });

/** Checks a signed restore, then gives this browser everything the wallet bought. */
export async function restore(answer: RestoreAnswer, browser: string) {
  const result = await restorePurchases(signingSecret, answer, site, ledger);
  if (result.ok) await Promise.all(result.paths.map((path) => ledger.grant(browser, path, `restore:${result.wallet}`)));
  return result;
}

/** "My purchases" for this browser, newest first. */
export const receiptsOf = (browser: string) => receiptsFor(browser, { ledger, catalog: { getPurchasable: getOwnedPlayback } });

/** Carries the purchases an old-format cookie lists into the ledger, once. */
export async function adoptLegacyPurchases(browser: string, paths: string[]) {
  await Promise.all(paths.map((path) => ledger.grant(browser, path, 'legacy-cookie')));
}

/** Playback links to hand this browser, and when to ask for fresh ones. */
const linkTerms = (browser: string) => ({ secret: signingSecret, browser, ttl: env.MEDIA_TOKEN_SECONDS });
export const renewIn = renewAfterSeconds(env.MEDIA_TOKEN_SECONDS);

function linkedVideos(playback: Playback, owned: string[], browser: string) {
  const videos: Record<string, string> = {};
  for (const video of playback.videos) {
    if (!unlocks(owned, video.path)) continue;
    const url = playbackUrl(video, playback.path, linkTerms(browser));
    if (url) videos[video.path] = url;
    else console.error(`[media] ${video.path}: its videourl cannot be served (expected private:…, gs://…, https://… or /…)`);
  }
  return videos;
}

/** Playback for every video this browser owns, keyed by video path. */
export async function ownedVideos(owned: string[], browser: string): Promise<Record<string, string>> {
  const titles = await Promise.all(owned.map((path) => getOwnedPlayback(path)));
  return Object.assign({}, ...titles.map((title) => (title ? linkedVideos(title.playback, owned, browser) : {})));
}

/** A just-verified purchase's playback, with links for this browser in place of the sources. */
export function linkedPlayback(playback: Playback, browser: string) {
  const videos = linkedVideos(playback, [playback.path], browser);
  return {
    ...playback,
    videos: playback.videos.flatMap((video) => (videos[video.path] ? [{ ...video, videourl: videos[video.path]! }] : [])),
  };
}

/**
 * The answer to a verified payment, by Phantom or by Solana Pay: playback linked for this browser,
 * the hint that it owns something, and its cookie signed if it was not yet.
 */
export function paidResponse(request: Request, visitor: { browser: string; unsigned: boolean }, paid: { purchase: Purchase; playback: Playback }, extra: object = {}) {
  const response = NextResponse.json(
    { ...extra, path: paid.purchase.path, signature: paid.purchase.signature, lamports: paid.purchase.lamports, playback: linkedPlayback(paid.playback, visitor.browser), renewIn },
    { headers: { 'Cache-Control': 'no-store' } },
  );
  markOwner(response, request);
  if (visitor.unsigned) setBrowserCookie(response, request, visitor.browser);
  return response;
}

const isHttps = (request: Request) =>
  new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';

export function setBrowserCookie(response: NextResponse, request: Request, browser: string) {
  response.cookies.set(BROWSER_COOKIE, browserCookieValue(signingSecret, browser), cookieOptions(isHttps(request)));
}

/** Tells the page (a readable hint, no secret) that this browser owns something worth asking about. */
export function markOwner(response: NextResponse, request: Request) {
  response.cookies.set(OWNS_HINT_COOKIE, '1', cookieOptions(isHttps(request), false));
}

export function clearLegacyCookie(response: NextResponse) {
  response.cookies.delete(LEGACY_ENTITLEMENT_COOKIE);
}

export { newBrowserId };
