import { NextResponse } from 'next/server';
import { API_ERROR_STATUS, codeOfStatus, type ApiErrorBody, type ApiErrorCode } from './errors';

/**
 * A refusal a route handler throws (as dub's DubApiError): the route wrapper answers it with its
 * code's status and a JSON reason. `retryAfterMs` adds Retry-After (a 429's wait).
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode;
  readonly retryAfterMs: number | undefined;

  constructor(code: ApiErrorCode, message: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.retryAfterMs = retryAfterMs;
  }

  /** A refusal from a lib/ result that still names an HTTP status (`{ ok: false, status, reason }`). */
  static fromResult({ status, reason, retryAfterMs }: { status: number; reason: string; retryAfterMs?: number }) {
    return new ApiError(codeOfStatus(status), reason, retryAfterMs);
  }
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "42 seconds", "15 minutes", "23 hours": a wait a person reads (Retry-After keeps the seconds). */
export function waitPhrase(msBeforeNext: number) {
  const seconds = retryAfterSeconds(msBeforeNext);
  if (seconds < 120) return plural(seconds, 'second');
  if (seconds < 2 * 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The one place an error becomes HTTP: `{ error, code }`, the code's status, never cached, and
 * Retry-After (whole seconds, at least 1) when a wait is known. A bare status (a lib/ result that
 * still carries one) is read as its code.
 */
export function errorResponse(code: ApiErrorCode | number, reason: string, retryAfterMs?: number) {
  const semantic = typeof code === 'number' ? codeOfStatus(code) : code;
  const body: ApiErrorBody = { error: reason, code: semantic };
  const response = NextResponse.json(body, { status: API_ERROR_STATUS[semantic], headers: { 'Cache-Control': 'no-store' } });
  if (retryAfterMs !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds(retryAfterMs)));
  return response;
}

export const apiErrorResponse = (error: ApiError) => errorResponse(error.code, error.message, error.retryAfterMs);
