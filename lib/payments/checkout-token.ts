import 'server-only';
import { z } from 'zod';
import { checkoutReference } from './checkout';
import { signingSecret } from '../identity/secret';

/**
 * A checkout token in a request body: one this server signed (today's key or the rotated-out one, as
 * verification reads it). Checked with the body, so an altered or made-up token is a 400 with a reason
 * before any budget is charged ("Junk costs nothing" in docs/hardening.md): it spends no one's verify or
 * status budget. Only its signature and shape: the stored checkout still decides whose it is.
 */
export const checkoutTokenSchema = z
  .string()
  .min(1)
  .max(4096)
  .refine((token) => checkoutReference(signingSecret, token) !== null, 'Unknown or altered checkout; start the purchase again.');
