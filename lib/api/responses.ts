import { NextResponse } from 'next/server';
import { API_ERROR_STATUS, retryAfterSeconds, type ApiErrorBody, type Refusal } from '../errors';
import type { Reply } from '../http/reply';

/**
 * The one place a refusal becomes HTTP: `{ error, code }`, the code's status, never cached; its wait as Retry-After
 * (whole seconds, at least 1), and its own headers (a 416's Content-Range) over the default Cache-Control.
 */
export function refusalResponse({ code, reason, retryAfterMs, headers }: Omit<Refusal, 'ok'>) {
  const body: ApiErrorBody = { error: reason, code };
  const response = NextResponse.json(body, { status: API_ERROR_STATUS[code], headers: { 'Cache-Control': 'no-store', ...headers } });
  if (retryAfterMs !== undefined) response.headers.set('Retry-After', String(retryAfterSeconds(retryAfterMs)));
  return response;
}

const REPLY_STATUS = { content: 200, partial: 206, 'not-modified': 304 } as const;

/** A domain result sent: a refusal as an error above, a redirect as a 302 to its URL, a body with its kind's status. */
export function replyResponse(reply: Reply | Refusal): Response {
  if (!reply.ok) return refusalResponse(reply);
  if (reply.kind === 'redirect') return NextResponse.redirect(reply.url, { status: 302, headers: reply.headers });
  return new Response(reply.body, { status: REPLY_STATUS[reply.kind], headers: reply.headers });
}
