import type { z } from 'zod';
import { refuse, type Refusal } from '../errors';

/**
 * The largest JSON body any API route takes. The biggest real one (a restore: a signed message,
 * a challenge token and a signature) is a few kilobytes; anything far larger is refused unread.
 */
export const MAX_JSON_BODY_BYTES = 64 * 1024;
const MAX_REASON_LENGTH = 500;

type BodyResult<S extends z.ZodType> = { ok: true; data: z.output<S> } | Refusal;

/**
 * Reads and validates a JSON body; a bad one is refused with a code and a reason naming what is wrong. Only
 * `Content-Type: application/json` is read: a cross-site HTML form can send no such request.
 */
export async function readJsonBody<S extends z.ZodType>(request: Request, schema: S, { optional = false } = {}): Promise<BodyResult<S>> {
  const text = await readText(request, MAX_JSON_BODY_BYTES);
  if (text === 'too large') {
    return refuse('body_too_large', `Request body is too large: at most ${MAX_JSON_BODY_BYTES} bytes of JSON.`);
  }
  if (text === null) return refuse('invalid_request', 'Request body could not be read.');
  const empty = text.trim() === '';
  if (!(optional && empty) && !/^application\/json\s*(;|$)/i.test(request.headers.get('content-type')?.trim() ?? '')) {
    return refuse('unsupported_media_type', 'Request body must be JSON, sent with Content-Type: application/json.');
  }
  let value: unknown;
  try {
    value = empty && optional ? {} : JSON.parse(text);
  } catch {
    return refuse('invalid_request', 'Request body must be JSON.');
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    let reason = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    if (reason.length > MAX_REASON_LENGTH) reason = `${reason.slice(0, MAX_REASON_LENGTH - 1)}…`;
    return refuse('invalid_request', `Invalid request body: ${reason}`);
  }
  return { ok: true, data: result.data };
}

/**
 * The body as text (invalid UTF-8 becomes U+FFFD), reading no more than `limit` bytes: a declared
 * or streamed body beyond it stops the read. null: the body could not be read (the client went away).
 */
async function readText(request: Request, limit: number): Promise<string | 'too large' | null> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) return 'too large';
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => undefined);
        return 'too large';
      }
      chunks.push(value);
    }
  } catch {
    return null;
  }
  return Buffer.concat(chunks).toString('utf8');
}
