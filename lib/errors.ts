/**
 * The one errors module, under every layer and shared with the browser. A refusal names a code (what
 * happened, for code to decide on) and a reason (what a person reads). It is the one error shape: lib/
 * returns a `Refusal` (nothing is thrown to refuse), and the HTTP edge turns it into `{ error, code }` with its
 * code's status (API_ERROR_STATUS) in one place, lib/api/responses.ts (refusalResponse). The
 * browser decides by the code, never by the status. Plain module: no imports, so the browser, lib/http and
 * lib/payments may all use it.
 */

/** Every code a refusal may name, and the HTTP status it is answered with. */
export const API_ERROR_STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_site: 403,
  /** A pre-order's buyer asked to play it before its release date (the server's clock). */
  not_released: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  /** Two different valid browser cookies arrived: one may be planted, so the request acts as neither. */
  browser_conflict: 409,
  expired: 410,
  body_too_large: 413,
  unsupported_media_type: 415,
  range_not_satisfiable: 416,
  /** The transaction exists but does not pay what the checkout asked (failed, wrong amount or recipient). */
  payment_refused: 422,
  rate_limited: 429,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof API_ERROR_STATUS;

/** A refusal's body on the wire. */
export interface ApiErrorBody {
  error: string;
  code: ErrorCode;
}

/** The code a bare status stands for (the first code listed with it): for an answer without one (a proxy's, a platform's). */
export function codeOfStatus(status: number): ErrorCode {
  const found = (Object.entries(API_ERROR_STATUS) as [ErrorCode, number][]).find(([, value]) => value === status);
  return found?.[0] ?? (status >= 500 ? 'unavailable' : 'invalid_request');
}

export function isApiErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);
}

/** A result's refusal: `retryAfterMs` when a wait is known (a 429's); `headers` when its answer needs more than the body (a 416's Content-Range). */
export interface Refusal {
  ok: false;
  code: ErrorCode;
  reason: string;
  retryAfterMs?: number;
  headers?: Record<string, string>;
}

export const refuse = (code: ErrorCode, reason: string, retryAfterMs?: number): Refusal =>
  retryAfterMs === undefined ? { ok: false, code, reason } : { ok: false, code, reason, retryAfterMs };

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
