import 'server-only';
import { env } from '../env/server';
import type { Refusal } from '../errors';
import { signingSecret } from '../identity/secret';
import { createCheckout } from './checkout';
import type { CheckoutAnswer } from './contract';
import { ledger } from './ledger';
import { transferRequest } from './solana-pay';
import { catalog, paymentCluster } from './wiring';

/**
 * Starts buying a locked title for `browser`: a checkout on the cluster the server verifies on, payable for
 * CHECKOUT_WINDOW_SECONDS and kept 30 days, with its terms as a Solana Pay transfer request (URL and QR code).
 */
export async function startCheckout(path: string, browser: string): Promise<{ ok: true; checkout: CheckoutAnswer } | Refusal> {
  // Before any checkout exists: a browser must not pay on a cluster the server does not verify.
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  const started = await createCheckout(path, browser, {
    secret: signingSecret,
    lamports: env.PRICE_LAMPORTS,
    recipient: env.SOLANA_RECIPIENT,
    cluster: cluster.genesisHash,
    windowMs: env.CHECKOUT_WINDOW_SECONDS * 1000,
    catalog,
    checkouts: ledger,
  });
  if (!started.ok) return started;
  const { checkout, token } = started;
  const { reference, recipient, lamports, title, expiresAt } = checkout;
  const solanaPay = await transferRequest(checkout);
  return {
    ok: true,
    checkout: { checkout: token, reference, recipient, lamports, path: checkout.path, title, expiresAt, network: cluster.cluster, solanaPay },
  };
}
