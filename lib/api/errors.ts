import type { ErrorCode } from '../errors';

/**
 * The API's error contract, shared by the route wrapper (lib/api/route.ts) and the browser
 * (lib/payments/browser/api.ts): a refusal is `{ error: <reason a person reads>, code: <one of these> }`
 * with the HTTP status below. Code decides, the reason explains; the browser never decodes statuses.
 * Plain module: no server-only import may reach it.
 */
export const API_ERROR_STATUS = {
  invalid_request: 400,
  unauthenticated: 401,
  forbidden: 403,
  cross_site: 403,
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
} as const satisfies Record<ErrorCode, number>;

/** The codes of lib/errors.ts, as the API answers them. */
export type ApiErrorCode = ErrorCode;

export interface ApiErrorBody {
  error: string;
  code: ApiErrorCode;
}

/** The code a bare status stands for (the first code listed with it): for an answer without one (a proxy's, a platform's). */
export function codeOfStatus(status: number): ApiErrorCode {
  const found = (Object.entries(API_ERROR_STATUS) as [ApiErrorCode, number][]).find(([, value]) => value === status);
  return found?.[0] ?? (status >= 500 ? 'unavailable' : 'invalid_request');
}

export function isApiErrorCode(value: unknown): value is ApiErrorCode {
  return typeof value === 'string' && Object.hasOwn(API_ERROR_STATUS, value);
}
