/**
 * Rejects when `work` takes longer than `ms`. Firestore's client retries an unreachable backend for up
 * to ten minutes; a visitor's request (or a page regeneration) must fail in seconds instead, so the
 * payment answers "safe, retried later" and ISR keeps serving the last good page. The work itself is
 * not cancelled: a write that lands late is found by the retry (every ledger write is create-once).
 */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
