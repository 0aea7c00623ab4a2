import 'server-only';
import { Connection } from '@solana/web3.js';
import { cookies } from 'next/headers';
import type { NextResponse } from 'next/server';
import { z } from 'zod';
import { getPurchasable } from '../catalog';
import { env } from '../env';
import { createCheckout } from './checkout';
import {
  BROWSER_COOKIE,
  ENTITLEMENT_COOKIE,
  OWNS_HINT_COOKIE,
  browserIdFrom,
  cookieOptions,
  newBrowserId,
  readEntitlements,
  unlocks,
  writeEntitlements,
} from './entitlements';
import { ledger } from './ledger';
import { createRestoreChallenge, restorePurchases } from './restore';
import { signingSecret } from './secret';
import { verifyPayment, type VerifyRequest } from './verify';

/** Request-body shapes shared by the payment routes. */
export const base58 = (min: number, max: number) =>
  z.string().regex(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`), 'expected a base58 string');
export const titlePathSchema = z.string().regex(/^[A-Za-z]+\/[\w-]+(\/[A-Za-z]+\/[\w-]+){0,2}$/, 'expected a title path such as trailers/abc');
export const signatureSchema = base58(64, 90);
export const walletSchema = base58(32, 44);

const catalog = { getPurchasable };
const connection = new Connection(env.SOLANA_RPC_URL, 'confirmed');

export const paymentTerms = { lamports: env.PRICE_LAMPORTS, recipient: env.SOLANA_RECIPIENT };

/** This browser's id and owned paths, from its cookies. */
export async function currentVisitor() {
  const jar = await cookies();
  return {
    browser: browserIdFrom(jar.get(BROWSER_COOKIE)?.value),
    owned: readEntitlements(signingSecret, jar.get(ENTITLEMENT_COOKIE)?.value),
  };
}

export const startCheckout = (path: string, browser: string) =>
  createCheckout(path, browser, { secret: signingSecret, ...paymentTerms, catalog });

export const finishCheckout = (request: VerifyRequest) =>
  verifyPayment(request, { secret: signingSecret, connection, ledger, catalog });

export const restoreChallenge = (wallet: string) => createRestoreChallenge(signingSecret, wallet);

export const restore = (token: string, signature: string) => restorePurchases(signingSecret, token, signature, ledger);

/** Playback for every video this browser owns, keyed by video path. */
export async function ownedVideos(owned: string[]): Promise<Record<string, string>> {
  const titles = await Promise.all(owned.map((path) => getPurchasable(path)));
  const videos: Record<string, string> = {};
  for (const title of titles) {
    for (const video of title?.playback.videos ?? []) if (unlocks(owned, video.path)) videos[video.path] = video.videourl;
  }
  return videos;
}

const isHttps = (request: Request) =>
  new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';

export function setBrowserCookie(response: NextResponse, request: Request, browser: string) {
  response.cookies.set(BROWSER_COOKIE, browser, cookieOptions(isHttps(request)));
}

/** Remembers purchases in this browser: the signed list, and a readable hint that there is one. */
export function grantEntitlements(response: NextResponse, request: Request, owned: string[]) {
  const secure = isHttps(request);
  response.cookies.set(ENTITLEMENT_COOKIE, writeEntitlements(signingSecret, owned), cookieOptions(secure));
  response.cookies.set(OWNS_HINT_COOKIE, String(owned.length), cookieOptions(secure, false));
}

export { newBrowserId };
