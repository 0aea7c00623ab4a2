import { createHmac, timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';

/**
 * Compact signed tokens (`payload.mac`, both base64url) for state the server hands to a browser
 * and must trust when it comes back: checkouts, entitlement cookies, restore challenges.
 * `purpose` keeps a token minted for one use from being accepted as another.
 */
export function signToken(secret: string, purpose: string, payload: unknown): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(secret, purpose, body)}`;
}

export function readToken<S extends z.ZodType>(secret: string, purpose: string, token: string, schema: S): z.output<S> | null {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, purpose, body));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const result = schema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    return result.success ? result.data : null;
  } catch {
    return null;
  }
}

function mac(secret: string, purpose: string, body: string) {
  return createHmac('sha256', secret).update(`${purpose}\n${body}`).digest('base64url');
}
