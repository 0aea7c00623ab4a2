import type { Connection, PublicKey } from '@solana/web3.js';
import type { SharedValues } from '../chain/genesis-hash';
import type { ChainTerms } from './payment-transaction';

/**
 * How often the chain is asked, whatever the number of buyers: a blockhash lives about 60 s (150 blocks), so one read
 * every 15 s leaves each transaction 45 s or more; the cluster's fees move slowly, so once a minute.
 */
export const BLOCKHASH_EVERY_MS = 15_000;
export const FEES_EVERY_MS = 60_000;
/** A buyer's wallet found the blockhash expired: a fresh one is asked for at most this often (never per request). */
export const EXPIRED_AGAIN_MS = 5_000;
/** The most chain calls a minute the fee market makes, whoever asks and however often: the bench's budget adds it to the looks'. */
export const FEE_MARKET_CALLS_PER_MINUTE = 60_000 / BLOCKHASH_EVERY_MS + 60_000 / FEES_EVERY_MS + 60_000 / EXPIRED_AGAIN_MS;

/**
 * The unit price paid, in micro-lamports per compute unit: the 75th percentile of what recent slots asked of the
 * accounts a payment writes, kept between a floor (so a payment is never last in a quiet block) and a ceiling (a spike
 * never costs a buyer more than a few thousand lamports on a payment's 1,000 to 8,000 units).
 */
export const UNIT_PRICE_FLOOR = 10_000;
export const UNIT_PRICE_CEILING = 2_000_000;
const PERCENTILE = 0.75;

type FeeConnection = Pick<Connection, 'getLatestBlockhash' | 'getRecentPrioritizationFees'>;

interface Kept<T> {
  value: T;
  at: number;
}

export interface FeeMarketOptions {
  /** The accounts a payment writes (the recipient, its USDC account): the fees asked of them are what a payment meets. */
  accounts: () => PublicKey[];
  /** Where instances share what they read (Redis with REDIS_URL): one read per interval across all of them. */
  shared?: () => SharedValues | null;
  /** Names this cluster's values in the shared store. */
  sharedKey?: string;
  now?: () => number;
  log?: (line: string) => void;
}

/** The unit price recent slots asked, by PERCENTILE, within the floor and the ceiling. */
export function unitPriceOf(fees: readonly { prioritizationFee: number }[]): number {
  const sorted = fees.map((fee) => fee.prioritizationFee).sort((a, b) => a - b);
  const asked = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * PERCENTILE))] ?? 0;
  return Math.min(UNIT_PRICE_CEILING, Math.max(UNIT_PRICE_FLOOR, asked));
}

/**
 * The chain's terms of a transaction the server builds: a recent blockhash and the unit price, each read once per
 * interval and shared by every request (one read in flight at a time), so buyers never multiply the RPC calls.
 * A fee read that fails keeps the last price (or the floor): a payment is never refused for it.
 */
export function feeMarket(connection: FeeConnection, options: FeeMarketOptions) {
  const { now = Date.now, log = console.error, sharedKey = 'default' } = options;
  let blockhash: Kept<{ blockhash: string; lastValidBlockHeight: number }> | null = null;
  let unitPrice: Kept<number> | null = null;
  let readingBlockhash: Promise<Kept<{ blockhash: string; lastValidBlockHeight: number }>> | null = null;
  let readingFees: Promise<Kept<number>> | null = null;

  const store = () => options.shared?.() ?? null;
  async function fromStore<T>(name: string, freshFor: number): Promise<Kept<T> | null> {
    const text = await store()
      ?.get(`solenema:fees:${sharedKey}:${name}`)
      .catch(() => null);
    if (!text) return null;
    try {
      const kept = JSON.parse(text) as Kept<T>;
      return now() - kept.at < freshFor ? kept : null;
    } catch {
      return null;
    }
  }
  const toStore = (name: string, kept: Kept<unknown>) =>
    void store()
      ?.set(`solenema:fees:${sharedKey}:${name}`, JSON.stringify(kept))
      .catch(() => undefined);

  function readBlockhash(): Promise<Kept<{ blockhash: string; lastValidBlockHeight: number }>> {
    readingBlockhash ??= (async () => {
      const shared = await fromStore<{ blockhash: string; lastValidBlockHeight: number }>('blockhash', BLOCKHASH_EVERY_MS);
      // Another instance's read, unless it is the one a wallet just found expired.
      if (shared && shared.value.blockhash !== blockhash?.value.blockhash) return shared;
      const { blockhash: hash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
      const kept = { value: { blockhash: hash, lastValidBlockHeight }, at: now() };
      toStore('blockhash', kept);
      return kept;
    })()
      .then((kept) => (blockhash = kept))
      .finally(() => (readingBlockhash = null));
    return readingBlockhash;
  }

  function readFees(): Promise<Kept<number>> {
    readingFees ??= (async () => {
      const shared = await fromStore<number>('unit-price', FEES_EVERY_MS);
      if (shared) return shared;
      const kept = { value: unitPriceOf(await connection.getRecentPrioritizationFees({ lockedWritableAccounts: options.accounts() })), at: now() };
      toStore('unit-price', kept);
      return kept;
    })()
      .catch((error: unknown) => {
        log(`[payments] the cluster's priority fees could not be read (the last price stands): ${(error as Error).message}`);
        return { value: unitPrice?.value ?? UNIT_PRICE_FLOOR, at: now() };
      })
      .then((kept) => (unitPrice = kept))
      .finally(() => (readingFees = null));
    return readingFees;
  }

  return {
    /**
     * Terms for a transaction built now. `expired`: the blockhash a buyer's wallet found expired; a newer one is read
     * if this is still the one kept (at most every EXPIRED_AGAIN_MS, whoever asks).
     */
    async terms(expired?: string): Promise<ChainTerms> {
      const t = now();
      const staleHash = !blockhash || t - blockhash.at >= BLOCKHASH_EVERY_MS || (expired === blockhash.value.blockhash && t - blockhash.at >= EXPIRED_AGAIN_MS);
      const [hash, price] = await Promise.all([
        staleHash ? readBlockhash() : blockhash!,
        !unitPrice || t - unitPrice.at >= FEES_EVERY_MS ? readFees() : unitPrice,
      ]);
      return { ...hash.value, unitPriceMicroLamports: price.value };
    },
  };
}
