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
