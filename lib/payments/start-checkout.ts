import 'server-only';
import { PublicKey } from '@solana/web3.js';
import { LRUCache } from 'lru-cache';
import { formatAmount, type Amount } from '../catalog/pricing';
import { env } from '../env/server';
import { count } from '../figures';
import { refuse, type Refusal } from '../errors';
import { signingSecret } from '../identity/secret';
import { feedAddressOf } from './chain-look';
import { createCheckout, type CheckoutRequest } from './checkout';
import type { CheckoutAnswer } from './contract';
import { ledger } from './ledger';
import { libraryOf, type Owner } from './ownership';
import { START_RENTAL_WITHIN_MS } from './rentals';
import { transferRequest } from './solana-pay';
import { catalog, connection, paymentCluster } from './wiring';

/** Whether the recipient can receive USDC: known once it can (an account is not closed by itself), asked again a minute after it could not. */
const tokenAccounts = new LRUCache<string, boolean>({ max: 100, ttl: 60_000 });

async function canReceive(mint: string): Promise<boolean> {
  const account = feedAddressOf({ recipient: env.SOLANA_RECIPIENT, mint });
  const known = tokenAccounts.get(account);
  if (known !== undefined) return known;
  const exists = (await connection.getAccountInfo(new PublicKey(account), 'confirmed')) !== null;
  tokenAccounts.set(account, exists, { ttl: exists ? 0 : 60_000 });
  return exists;
}

/** What this browser paid to rent `path` within the last 30 days, counted toward buying it. */
async function rentalCredit(owner: Owner, path: string): Promise<Amount | null> {
  const { rentals } = await libraryOf(owner);
  const recent = rentals.filter((rental) => rental.path === path && rental.paidAt > Date.now() - START_RENTAL_WITHIN_MS);
  return recent.sort((a, b) => b.price.units - a.price.units)[0]?.price ?? null;
}

/**
 * Starts buying or renting a locked title for `owner`'s browser: a checkout on the cluster the server verifies on,
 * at the title's own price (the site's where it sets none), payable for CHECKOUT_WINDOW_SECONDS and kept 30 days,
 * with its terms as a Solana Pay transfer request (URL and QR code).
 */
export async function startCheckout(request: CheckoutRequest, browser: string, owner: Owner): Promise<{ ok: true; checkout: CheckoutAnswer } | Refusal> {
  // Before any checkout exists: a browser must not pay on a cluster the server does not verify.
  const cluster = await paymentCluster();
  if (!cluster.ok) return cluster;
  const started = await createCheckout(request, browser, {
    secret: signingSecret,
    defaultLamports: env.PRICE_LAMPORTS,
    usdcMint: env.USDC_MINT,
    rentalCredit: (path) => rentalCredit(owner, path),
    recipient: env.SOLANA_RECIPIENT,
    cluster: cluster.genesisHash,
    windowMs: env.CHECKOUT_WINDOW_SECONDS * 1000,
    catalog,
    checkouts: ledger,
  });
  if (!started.ok) return started;
  const { checkout, token } = started;
  if (checkout.mint && !(await canReceive(checkout.mint).catch(() => null))) {
    console.error(
      `[payments] ${checkout.path} costs ${formatAmount(checkout.price)}, but SOLANA_RECIPIENT has no token account for ${checkout.mint}: create it (README, "Selling in USDC")`,
    );
    return refuse('conflict', `${checkout.title} cannot be paid in USDC just now: the site cannot receive it yet. Nothing was charged.`);
  }
  await count(checkout.path, { checkouts: 1 });
  const { reference, recipient, price, kind, hours, mint, title, expiresAt } = checkout;
  const solanaPay = await transferRequest(checkout);
  return {
    ok: true,
    checkout: { checkout: token, reference, recipient, price, kind, hours, mint, path: checkout.path, title, expiresAt, network: cluster.cluster, solanaPay },
  };
}
