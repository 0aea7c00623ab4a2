import 'server-only';
import { z } from 'zod';
import { checkoutReference } from './checkout';
import { signingSecret } from '../identity/secret';

const base58 = (min: number, max: number) => z.string().regex(new RegExp(`^[1-9A-HJ-NP-Za-km-z]{${min},${max}}$`), 'expected a base58 string');

/** A transaction signature, as verify and restore take one. */
export const signatureSchema = base58(64, 90);
/** A wallet's address, as a restore challenge names it. */
export const walletSchema = base58(32, 44);

/**
 * A checkout token in a request body, read once into the reference it names: one this server signed (today's key
 * or the rotated-out one). Checked with the body, so an altered or made-up token is a 400 with a reason before any
 * budget is charged ("Junk costs nothing" in docs/hardening.md). Only its signature and shape: the stored checkout
 * the reference finds still decides whose it is.
 */
export const checkoutReferenceSchema = z
  .string()
  .min(1)
  .max(4096)
  .transform((token, context) => {
    const reference = checkoutReference(signingSecret, token);
    if (reference) return reference;
    context.issues.push({ code: 'custom', input: token, message: 'Unknown or altered checkout; start the purchase again.' });
    return z.NEVER;
  });
