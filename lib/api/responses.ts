import { NextResponse } from 'next/server';
import { API_ERROR_STATUS, retryAfterSeconds, type ApiError, type ApiErrorBody, type ErrorCode, type Refusal } from '../errors';
import type { Reply } from '../http/reply';

interface ErrorExtras {
  /** Adds Retry-After (whole seconds, at least 1): a 429's wait. */
  retryAfterMs?: number;
  /** What the answer needs besides the body (a 416's Content-Range); they win over the default Cache-Control. */
  headers?: Record<string, string>;
}

/** The one place an error becomes HTTP: `{ error, code }`, the code's status, never cached. */
export function errorResponse(code: ErrorCode, reason: string, { retryAfterMs, headers }: ErrorExtras = {}) {
  const body: ApiErrorBody = { error: reason, code };
  const response = NextResponse.json(body, { status: API_ERROR_STATUS[code], headers: { 'Cache-Control': 'no-store', ...headers } });
  if (retryAfterMs !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds(retryAfterMs)));
  return response;
}

export const apiErrorResponse = (error: ApiError) => errorResponse(error.code, error.message, { retryAfterMs: error.retryAfterMs });

const REPLY_STATUS = { content: 200, partial: 206, 'not-modified': 304 } as const;

/** A domain result sent: a refusal as an error above, a redirect as a 302 to its URL, a body with its kind's status. */
export function replyResponse(reply: Reply | Refusal): Response {
  if (!reply.ok) return errorResponse(reply.code, reply.reason, reply);
  if (reply.kind === 'redirect') return NextResponse.redirect(reply.url, { status: 302, headers: reply.headers });
  return new Response(reply.body, { status: REPLY_STATUS[reply.kind], headers: reply.headers });
}
