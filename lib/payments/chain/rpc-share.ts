import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { env } from '../../env/server';
import { lazyLimiter, spend } from '../../http/limiter';

/**
 * A restore is the one chain read a visitor's request makes by itself (a wallet's history; the rest is
 * read per interval for everyone: docs/security.md). Its wallet and its client (address, or browser
 * without a trusted one) may take at most this share of a minute's RPC calls, so no one repeating restores
 * can leave the others' payments unverified. A restore costs about 31 calls: a fifth of the default 300
 * leaves room for one or two a minute.
 */
const SHARE_DIVISOR = 5;

/** Every RPC call of every instance, all visitors together (RPC_CALLS_PER_MINUTE): the provider's quota is never ours to lose. */
const allCalls = lazyLimiter({ name: 'rpc-calls', points: env.RPC_CALLS_PER_MINUTE, durationSeconds: 60 });
const payerCalls = lazyLimiter({ name: 'rpc-share', points: Math.max(1, Math.ceil(env.RPC_CALLS_PER_MINUTE / SHARE_DIVISOR)), durationSeconds: 60 });

/** Who pays for the RPC calls made within a restore: its wallet and its client. */
const payers = new AsyncLocalStorage<readonly string[]>();

/** Runs `work` with `keys` paying for its RPC calls, besides whoever already pays. */
export const payingFor = <T>(keys: readonly string[], work: () => T): T => payers.run([...(payers.getStore() ?? []), ...keys], work);

/**
 * Takes one RPC call: from each payer's share first (a payer past its share is refused alone),
 * then from the global budget. false: the caller answers its usual 503 "your payment is safe".
 */
export async function takeRpcCall(): Promise<boolean> {
  for (const payer of payers.getStore() ?? []) if (!(await spend(payerCalls(), payer)).ok) return false;
  return (await spend(allCalls(), 'all')).ok;
}
