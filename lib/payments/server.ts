import 'server-only';
import { Connection } from '@solana/web3.js';
import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { getOwnedPlayback, getPurchasable, type Playback } from '../catalog';
import { env } from '../env';
import { createCheckout } from './checkout';
import { BROWSER_COOKIE, OWNS_HINT_COOKIE, browserCookieValue, browserIdFrom, cookieNeedsRenewal, cookieOptions, newBrowserId } from './entitlements';
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
const base58 = (min: number, max: number) =>
  z.string().regex(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`), 'expected a base58 string');
export const signatureSchema = base58(64, 90);
export const walletSchema = base58(32, 44);

const catalog = { getPurchasable };
const connection = new Connection(env.SOLANA_RPC_URL, { commitment: 'confirmed', fetch: timedFetch(env.RPC_TIMEOUT_MS) });
const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

const paymentTerms = { lamports: env.PRICE_LAMPORTS, recipient: env.SOLANA_RECIPIENT };

/** Who is asking: a browser id from the cookie this server signed, or null. */
export interface Visitor {
  browser: string | null;
  /** Signed with a rotated-out key: the answer signs the same id again with today's key. */
  renewCookie: boolean;
}

export async function currentVisitor(): Promise<Visitor> {
  const cookie = (await cookies()).get(BROWSER_COOKIE)?.value;
  return { browser: browserIdFrom(signingSecret, cookie), renewCookie: cookieNeedsRenewal(signingSecret, cookie) };
}

/**
 * The browser a state-changing request acts for: the cookie's, or a new one when the request carries
 * none that is valid. Pass the answer to `keepBrowserCookie`: a valid cookie is never replaced.
 */
export const visitorOrNew = (visitor: Visitor) => visitor.browser ?? newBrowserId();

/** Sets the browser cookie when the request had no valid one, or signs it anew after a key rotation. */
export function keepBrowserCookie(response: NextResponse, request: Request, visitor: Visitor, browser: string) {
  if (!visitor.browser || visitor.renewCookie) setBrowserCookie(response, request, browser);
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

export const restoreChallenge = (wallet: string) => createRestoreChallenge(signingSecret, wallet, site);

/** Checks a signed restore, then gives this browser everything the wallet bought. */
export async function restore(answer: RestoreAnswer, browser: string) {
  const result = await restorePurchases(signingSecret, answer, site, ledger);
  if (result.ok) await Promise.all(result.paths.map((path) => ledger.grant(browser, path, `restore:${result.wallet}`)));
  return result;
}

/** "My purchases" for this browser, newest first. */
export const receiptsOf = (browser: string) => receiptsFor(browser, { ledger, catalog: { getPurchasable: getOwnedPlayback } });

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
function linkedPlayback(playback: Playback, browser: string) {
  const videos = linkedVideos(playback, [playback.path], browser);
  return {
    ...playback,
    videos: playback.videos.flatMap((video) => (videos[video.path] ? [{ ...video, videourl: videos[video.path]! }] : [])),
  };
}

/**
 * The answer to a verified payment, by Phantom or by Solana Pay: playback linked for this browser,
 * the hint that it owns something, and its cookie renewed after a key rotation.
 */
export function paidResponse(request: Request, visitor: Visitor, browser: string, paid: { purchase: Purchase; playback: Playback }, extra: object = {}) {
  const response = NextResponse.json(
    { ...extra, path: paid.purchase.path, signature: paid.purchase.signature, playback: linkedPlayback(paid.playback, browser), renewIn },
    { headers: { 'Cache-Control': 'no-store' } },
  );
  markOwner(response, request);
  keepBrowserCookie(response, request, visitor, browser);
  return response;
}

const isHttps = (request: Request) =>
  new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';

function setBrowserCookie(response: NextResponse, request: Request, browser: string) {
  response.cookies.set(BROWSER_COOKIE, browserCookieValue(signingSecret, browser), cookieOptions(isHttps(request)));
}

/** Tells the page (a readable hint, no secret) that this browser owns something worth asking about. */
export function markOwner(response: NextResponse, request: Request) {
  response.cookies.set(OWNS_HINT_COOKIE, '1', cookieOptions(isHttps(request), false));
}
