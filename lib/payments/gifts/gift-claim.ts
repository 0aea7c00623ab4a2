import 'server-only';
import { firstVideo } from '../../catalog';
import type { Amount } from '../../catalog/pricing';
import { env } from '../../env/server';
import { refuse, type Refusal } from '../../errors';
import { checkSignIn, createSignInChallenge, siteIdentity, type SignInPurpose } from '../../identity/sign-in-purpose';
import { signingSecret } from '../../identity/signing-secret';
import { giftRoute } from '../../routes';
import { chainIdOf } from '../chain/cluster';
import type { GiftClaimAnswer, GiftClaimRequest, SignInChallenge } from '../contract';
import { ledger } from '../ledger/ledger';
import type { Owner } from '../ownership/ownership';
import { catalog, onServerCluster, paymentCluster, serverCluster } from '../wiring';
import { giftLedger } from './gift-ledger';
import { giftId, isGiftToken, tokenOfGift } from './gift-records';

const GIFT_STATEMENT = 'Claim a gift on Solenema for this wallet and this browser. Signing is free and moves no funds.';
const GIFT_CLAIM: SignInPurpose = { purpose: 'gift-claim', statement: GIFT_STATEMENT, what: 'gift claim', ttlMs: 10 * 60 * 1000 };
const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

export const NO_GIFT = 'There is no gift at this link.';
const ALREADY_CLAIMED = 'This gift was already claimed: its link unlocks nothing more.';

/** A Sign In With Solana request for the claiming wallet to sign, that only the asking browser can answer. */
export async function giftChallenge(wallet: string, browser: string): Promise<{ ok: true; challenge: SignInChallenge } | Refusal> {
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  return { ok: true, challenge: createSignInChallenge(signingSecret, GIFT_CLAIM, wallet, browser, { ...site, chainId: chainIdOf(cluster.cluster) }) };
}

/** What a gift link shows: the title, and whether it was claimed; null when the link names no gift (on this cluster). */
export async function giftAt(token: string) {
  if (!isGiftToken(token)) return null;
  const [gift, cluster] = await Promise.all([giftLedger.get(giftId(token)), serverCluster()]);
  const title = gift && gift.cluster === cluster ? await catalog.getTitle(gift.path) : null;
  return gift && title && { path: gift.path, title: title.title, coverimg: title.coverimg, claimed: !!gift.claim };
}

/**
 * Claims a gift for the wallet that signed the challenge, in this browser: the claim and the grant are one step
 * (lib/payments/gifts), so of two claims at once one wins; after it the link answers 410. The wallet restores it
 * later as a purchase of its own.
 */
export const claimGift = (request: GiftClaimRequest, browser: string) =>
  onServerCluster(async (cluster): Promise<{ ok: true; claimed: GiftClaimAnswer } | Refusal> => {
    const signedIn = checkSignIn(signingSecret, GIFT_CLAIM, request, browser, site);
    if (!signedIn.ok) return signedIn;
    const id = giftId(request.gift);
    const gift = await giftLedger.get(id);
    if (!gift || gift.cluster !== cluster) return refuse('not_found', NO_GIFT);
    if (gift.claim && (gift.claim.wallet !== signedIn.wallet || gift.claim.browser !== browser)) return refuse('expired', ALREADY_CLAIMED);
    if (!(await ledger.spendNonce(signedIn.nonce, signedIn.expiresAt))) return refuse('conflict', 'This claim challenge was already used.');
    const claimed = await giftLedger.claim(id, { wallet: signedIn.wallet, browser, at: new Date().toISOString() });
    if (!claimed.ok) return claimed.why === 'missing' ? refuse('not_found', NO_GIFT) : refuse('expired', ALREADY_CLAIMED);
    const first = await firstVideo(gift.path);
    return { ok: true, claimed: { path: gift.path, play: first && { path: first.path, title: first.title } } };
  });

/** A gift this browser bought, as its purchases page lists it: its link while unclaimed, or when it was claimed. */
export interface GivenGift {
  signature: string;
  path: string;
  title: string;
  price: Amount;
  at: string;
  /** The link to send, while no one claimed it; null once claimed (it unlocks nothing more). */
  link: string | null;
  claimedAt: string | null;
}

/** The gifts this browser bought, newest first: only for a browser whose owner proof is signed (the hint is a cookie anyone can set). */
export async function giftsGivenBy({ browser, owns }: Owner): Promise<GivenGift[]> {
  if (!browser || owns !== 'proven') return [];
  const gifts = await giftLedger.givenBy(browser, await serverCluster());
  const listed = await Promise.all(
    gifts.map(async (gift): Promise<GivenGift | null> => {
      const title = await catalog.getTitle(gift.path);
      const token = gift.claim ? null : tokenOfGift(signingSecret, gift);
      if (!title) return null;
      return {
        signature: gift.signature,
        path: gift.path,
        title: title.title,
        price: gift.price,
        at: gift.createdAt,
        link: token && new URL(giftRoute(token), env.NEXT_PUBLIC_SITE_URL).toString(),
        claimedAt: gift.claim?.at ?? null,
      };
    }),
  );
  return listed.filter((gift) => gift !== null).sort((a, b) => b.at.localeCompare(a.at));
}
