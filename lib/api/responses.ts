import { NextResponse } from 'next/server';
import { API_ERROR_STATUS, retryAfterSeconds, type ApiError, type ApiErrorBody, type ErrorCode } from '../errors';

/**
 * The one place an error becomes HTTP: `{ error, code }`, the code's status, never cached, and
 * Retry-After (whole seconds, at least 1) when a wait is known.
 */
export function errorResponse(code: ErrorCode, reason: string, retryAfterMs?: number) {
  const body: ApiErrorBody = { error: reason, code };
  const response = NextResponse.json(body, { status: API_ERROR_STATUS[code], headers: { 'Cache-Control': 'no-store' } });
  if (retryAfterMs !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds(retryAfterMs)));
  return response;
}

export const apiErrorResponse = (error: ApiError) => errorResponse(error.code, error.message, error.retryAfterMs);
