/**
 * `fetch` that gives up after `timeoutMs`, for web3.js's Connection (`{ fetch: timedFetch(ms) }`).
 * A hung RPC would otherwise hold a verification open for minutes; aborted, the call throws and
 * the visitor hears at once that the payment is safe and will be finished later. The timer covers
 * the whole exchange, body included; a caller's own signal still aborts it earlier.
 */
export function timedFetch(timeoutMs: number, base: typeof fetch = globalThis.fetch): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return base(input, { ...init, signal });
  };
}

/**
 * Thrown instead of calling the RPC once this minute's calls, all visitors together, are spent:
 * every caller already answers a failed RPC with a 503 that says the payment is safe and will be
 * finished on a later try.
 */
export class RpcBudgetSpent extends Error {
  constructor() {
    super('The RPC call budget of this minute is spent (RPC_CALLS_PER_MINUTE); not calling the RPC.');
    this.name = 'RpcBudgetSpent';
  }
}

/**
 * `fetch` for web3.js's Connection that takes one call from a shared budget before each RPC request,
 * so fresh references or signatures, however many, cannot spend the RPC provider's quota. It throws
 * rather than answering 429: web3.js retries 429s by itself, which would only wait longer.
 */
export function budgetedFetch(takeCall: () => Promise<boolean>, base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    if (!(await takeCall())) throw new RpcBudgetSpent();
    return base(input, init);
  };
}

/** Waits the provider asks for, at most (a Retry-After of hours would stop payments for hours: the look retries after this). */
const MAX_BACKOFF_MS = 60_000;
/** A 429 without Retry-After: this long. */
const DEFAULT_BACKOFF_MS = 5_000;

/** Thrown instead of calling the RPC while its provider's 429 asks us to wait: every caller answers its 503 "your payment is safe". */
class ProviderThrottled extends Error {
  constructor(msLeft: number) {
    super(`The RPC provider asked us to wait (429); not calling it for ${Math.ceil(msLeft / 1000)} s more.`);
    this.name = 'ProviderThrottled';
  }
}

/**
 * `fetch` for web3.js's Connection (with `disableRetryOnRateLimit`) that honours a provider's 429: no call is
 * sent until its Retry-After has passed. Retrying blindly, as web3.js does by default, spends the quota again
 * and holds the visitor's request for seconds.
 */
export function providerBackoff(base: typeof fetch = globalThis.fetch, now = Date.now): typeof fetch {
  let waitUntil = -Infinity;
  return async (input, init) => {
    if (now() < waitUntil) throw new ProviderThrottled(waitUntil - now());
    const response = await base(input, init);
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : DEFAULT_BACKOFF_MS;
      waitUntil = now() + Math.min(ms, MAX_BACKOFF_MS);
    }
    return response;
  };
}
