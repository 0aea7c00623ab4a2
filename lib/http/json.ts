import { NextResponse } from 'next/server';
import type { z } from 'zod';

/** A JSON error answer with a reason a developer or operator can act on. */
export function errorResponse(status: number, reason: string) {
  return NextResponse.json({ error: reason }, { status, headers: { 'Cache-Control': 'no-store' } });
}

/** Reads and validates a JSON body; a bad one becomes a 400 naming what is wrong. */
export async function readJsonBody<S extends z.ZodType>(
  request: Request,
  schema: S,
  { optional = false } = {},
): Promise<{ ok: true; data: z.output<S> } | { ok: false; response: NextResponse }> {
  const text = await request.text();
  let value: unknown;
  try {
    value = text.trim() === '' && optional ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: errorResponse(400, 'Request body must be JSON.') };
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    const reason = result.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`).join('; ');
    return { ok: false, response: errorResponse(400, `Invalid request body: ${reason}`) };
  }
  return { ok: true, data: result.data };
}
