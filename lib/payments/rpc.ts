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
