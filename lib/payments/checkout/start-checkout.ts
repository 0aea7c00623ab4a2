import 'server-only';
import { formatAmount, type Amount } from '../../catalog/pricing';
import { env } from '../../env/server';
import { countOnce } from '../../figures';
import { refuse, type Refusal } from '../../errors';
import { signingSecret } from '../../identity/signing-secret';
import { createCheckout, type Checkout, type CheckoutRequest, type SaleChannel } from './checkout';
import type { ClusterName } from '../chain/cluster';
import type { CheckoutAnswer, ScreenerAnswer } from '../contract';
import { codeRedeemer, namesScreener, quoteCode, unlockWithScreener } from '../codes/redeem';
import { ledger } from '../ledger/ledger';
import { libraryOf, type Owner } from '../ownership/ownership';
import { START_RENTAL_WITHIN_MS } from '../ownership/rentals';
import { solanaPayRequests } from './solana-pay';
import { transactionRequestRoute } from '../../routes';
import { catalog, paymentCluster, sellingReadiness } from '../wiring';

/** What this browser paid to rent `path` within the last 30 days, counted toward buying it. */
async function rentalCredit(owner: Owner, path: string): Promise<Amount | null> {
  const { rentals } = await libraryOf(owner);
  const recent = rentals.filter((rental) => rental.path === path && rental.paidAt > Date.now() - START_RENTAL_WITHIN_MS);
  return recent.sort((a, b) => b.price.units - a.price.units)[0]?.price ?? null;
}

/** What prices an offer for `owner`: the catalog, the site's default price, and this browser's rental credit. */
const offerTerms = (owner: Owner) => ({ catalog, defaultLamports: env.PRICE_LAMPORTS, rentalCredit: (path: string) => rentalCredit(owner, path) });

/** What a code makes this browser's checkout of an offer cost, counting nothing (the dialog shows it before paying). */
export const quoteCheckoutCode = (request: Required<Pick<CheckoutRequest, 'path' | 'kind' | 'code'>>, owner: Owner) => quoteCode(request, offerTerms(owner));

/**
 * Starts buying or renting a locked title for `owner`'s browser: a checkout on the cluster the server verifies on,
 * at the title's own price (the site's where it sets none), payable for CHECKOUT_WINDOW_SECONDS and kept 30 days,
 * with its terms as a Solana Pay transaction request (URL and QR code) and a transfer request for older wallets.
 * Nothing is sold while the going-live checklist finds the configuration disagreeing on the cluster (the reason is
 * the refusal's), nor in USDC while the recipient cannot receive it. `siteOrigin`: where the buyer reached this site,
 * which the transaction request names, so the wallet asks the deployment that made the checkout; `address`: where the
 * request came from, as far as the deployment vouches (the studio counts a checkout once per browser, lib/figures).
 */
export async function startCheckout(
  request: CheckoutRequest,
  browser: string,
  owner: Owner,
  { siteOrigin, address }: { siteOrigin: string; address: string | null },
): Promise<{ ok: true; checkout: CheckoutAnswer } | { ok: true; unlocked: ScreenerAnswer } | Refusal> {
  const { code } = request;
  if (code !== undefined && (await namesScreener(code))) {
    if (request.gift) return refuse('invalid_request', 'A screener code unlocks the title in this browser: it cannot be given as a gift.');
    const cluster = await paymentCluster();
    if (!cluster.ok) return cluster;
    return unlockWithScreener({ ...request, code }, browser, { terms: offerTerms(owner), cluster: cluster.genesisHash });
  }
  const opened = await openCheckout(request, browser, owner, { address });
  if (!opened.ok) return opened;
  const { checkout, token, network } = opened;
  const { reference, recipient, price, kind, hours, mint, title, expiresAt } = checkout;
  const solanaPay = await solanaPayRequests(checkout, new URL(transactionRequestRoute(reference), siteOrigin).toString());
  return {
    ok: true,
    checkout: { checkout: token, reference, recipient, price, kind, hours, mint, path: checkout.path, title, expiresAt, network, solanaPay },
  };
}

/**
 * A checkout kept and counted, with its signed token, by the same rules whatever starts it: the site's pay dialog
 * (startCheckout) or a Blink (`channel`, lib/payments/blink).
 */
export async function openCheckout(
  request: CheckoutRequest,
  browser: string,
  owner: Owner,
  { address, channel }: { address: string | null; channel?: SaleChannel },
): Promise<{ ok: true; checkout: Checkout; token: string; network: ClusterName } | Refusal> {
  // Before any checkout exists: a browser must not pay on a cluster the server does not verify.
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  const ready = await sellingReadiness();
  if (ready.refusal !== null) return refuse('conflict', ready.refusal);
  const started = await createCheckout(request, browser, {
    ...offerTerms(owner),
    secret: signingSecret,
    usdcMint: ready.usdcMint,
    redeemCode: codeRedeemer(browser),
    recipient: env.SOLANA_RECIPIENT,
    cluster: cluster.genesisHash,
    windowMs: env.CHECKOUT_WINDOW_SECONDS * 1000,
    checkouts: ledger,
    channel,
  });
  if (!started.ok) return started;
  const { checkout, token } = started;
  if (checkout.mint && ready.usdcRefusal) {
    console.error(`[payments] ${checkout.path} costs ${formatAmount(checkout.price)}, but ${ready.usdcRefusal}`);
    return refuse('conflict', ready.usdcRefusal);
  }
  await countOnce(checkout.path, 'checkouts', { browser, address });
  return { ok: true, checkout, token, network: cluster.cluster };
}
