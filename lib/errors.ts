/**
 * The one error type under every layer: a refusal names a code (what happened, for code to decide on)
 * and a reason (what a person reads), never an HTTP status. Results in lib/ return a `Refusal`; code
 * that cannot return one throws an `ApiError`. The route wrapper (lib/api/route.ts, lib/api/api-error.ts)
 * is the one place a code becomes HTTP (lib/api/errors.ts: API_ERROR_STATUS). Plain module: no imports,
 * so the browser, lib/http and lib/payments may all use it.
 */
export type ErrorCode =
  | 'invalid_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'cross_site'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  /** Two different valid browser cookies arrived: one may be planted, so the request acts as neither. */
  | 'browser_conflict'
  | 'expired'
  | 'body_too_large'
  | 'unsupported_media_type'
  | 'range_not_satisfiable'
  /** The transaction exists but does not pay what the checkout asked (failed, wrong amount or recipient). */
  | 'payment_refused'
  | 'rate_limited'
  | 'unavailable';

/** A result's refusal: `retryAfterMs` when a wait is known (a 429's). */
export interface Refusal {
  ok: false;
  code: ErrorCode;
  reason: string;
  retryAfterMs?: number;
}

export const refuse = (code: ErrorCode, reason: string, retryAfterMs?: number): Refusal =>
  retryAfterMs === undefined ? { ok: false, code, reason } : { ok: false, code, reason, retryAfterMs };

/**
 * A refusal thrown (as dub's DubApiError): the route wrapper answers it with its code's status and a
 * JSON reason. `retryAfterMs` adds Retry-After (a 429's wait).
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly retryAfterMs: number | undefined;

  constructor(code: ErrorCode, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }

  /** A lib/ result's refusal, to throw. */
  static of({ code, reason, retryAfterMs }: Omit<Refusal, 'ok'>) {
    return new ApiError(code, reason, retryAfterMs);
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** A wait in whole seconds, at least 1: what Retry-After says and the phrase rounds from. */
export const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** "42 seconds", "15 minutes", "23 hours": a wait a person reads (Retry-After keeps the seconds). */
export function waitPhrase(msBeforeNext: number) {
  const seconds = retryAfterSeconds(msBeforeNext);
  if (seconds < 120) return plural(seconds, 'second');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}
