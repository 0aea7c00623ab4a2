import 'server-only';
import { env } from '../../env/server';
import { refuse, waitPhrase, type Refusal } from '../../errors';
import { lazyLimiter } from '../../http/limiter';
import { signingSecret } from '../../identity/signing-secret';
import { holderOf } from '../../identity/signed-token';
import { chainIdOf } from '../chain/cluster';
import type { SignInChallenge } from '../contract';
import { ledger } from '../ledger/ledger';
import { createRestoreChallenge, restorePurchases, siteIdentity, type RestoreAnswer } from './restore-purchases';
import { RESTORE_BROWSERS_PER_DAY, RESTORE_CAP_SECONDS, restoreCap } from './restore-cap';
import { payingFor } from '../chain/rpc-share';
import { claimWalletPayments } from '../confirm/wallet-claims';
import { catalog, claims, connection, onServerCluster, paymentCluster } from '../wiring';
import { describeFailure } from '../../failure';
import { giftLedger, giftRecorder } from '../gifts/gift-ledger';
import { giftGrantVia } from '../gifts/gift-records';

const site = siteIdentity(env.NEXT_PUBLIC_SITE_URL);

/** A Sign In With Solana request naming this site and the payments' cluster, that only the asking browser can answer. */
export async function restoreChallenge(wallet: string, browser: string): Promise<{ ok: true; challenge: SignInChallenge } | Refusal> {
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  return { ok: true, challenge: createRestoreChallenge(signingSecret, wallet, browser, { ...site, chainId: chainIdOf(cluster.cluster) }) };
}

const admitRestore = restoreCap({
  browsers: lazyLimiter({ name: 'restore-browsers', points: RESTORE_BROWSERS_PER_DAY, durationSeconds: RESTORE_CAP_SECONDS }),
  counted: lazyLimiter({ name: 'restore-counted', points: 1, durationSeconds: RESTORE_CAP_SECONDS }),
});

/**
 * Checks a signed restore, claims the wallet's payments no browser claimed, then gives this browser
 * everything the wallet bought, unless the wallet already reached its browsers for the day (rate_limited,
 * with the wait). The challenge is spent either way: the cap is checked once the signature proves the
 * wallet, so no one else can use a wallet's quota. `client` is who pays for the wallet's history read.
 */
export const restore = (answer: RestoreAnswer, browser: string, client: string) => onServerCluster((cluster) => restoreOn(cluster, answer, browser, client));

async function restoreOn(cluster: string, answer: RestoreAnswer, browser: string, client: string) {
  const result = await restorePurchases(signingSecret, answer, browser, site, ledger, cluster);
  if (!result.ok) return result;
  const admitted = await admitRestore(result.wallet, holderOf(signingSecret, 'restore', browser));
  if (!admitted.ok) {
    const wait = waitPhrase(admitted.msBeforeNext);
    const reason = `This wallet's purchases were already restored into ${RESTORE_BROWSERS_PER_DAY} browsers today. Try again in ${wait}.`;
    return refuse('rate_limited', reason, admitted.msBeforeNext);
  }
  // A wallet's history is the one chain read a visitor's request makes: repeated restores cost the wallet and the client asking.
  const found = await payingFor([`wallet:${result.wallet}`, client], () => unclaimedPayments(result.wallet, cluster));
  // A gift the wallet paid for is its claimer's; one it claimed is its own.
  const purchases = [...result.purchases, ...found.claimed.filter((purchase) => !purchase.gift)];
  const gifts = await giftLedger.claimedBy(result.wallet, cluster);
  // What was bought is owned; a rental is granted by its own purchase, whose first play (in any browser) it runs from.
  await Promise.all(
    purchases.map((purchase) =>
      purchase.kind === 'rent'
        ? ledger.grant(browser, purchase.path, purchase.signature, cluster, 'rent')
        : ledger.grant(browser, purchase.path, `restore:${result.wallet}`, cluster),
    ),
  );
  await Promise.all(gifts.map((gift) => ledger.grant(browser, gift.path, giftGrantVia(gift), cluster)));
  return { ...result, paths: [...new Set([...purchases, ...gifts].map((owned) => owned.path))], more: found.more };
}

/**
 * The payments the wallet made to our checkouts that no browser claimed, as far back as this restore
 * read (`more`: the next one reads on); none, and more to read, when the chain cannot be read now.
 */
async function unclaimedPayments(wallet: string, cluster: string) {
  try {
    return await claimWalletPayments(wallet, { connection, ledger: claims, catalog, cluster, defaultLamports: env.PRICE_LAMPORTS, gifts: giftRecorder });
  } catch (error) {
    console.error(`[restore] could not look for unclaimed payments of ${wallet}: ${describeFailure(error)}`);
    return { claimed: [], more: true };
  }
}
