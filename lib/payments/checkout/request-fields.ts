import 'server-only';
import bs58 from 'bs58';
import { PublicKey } from '@solana/web3.js';
import { z } from 'zod';
import { checkoutReference } from './checkout';
import { signingSecret } from '../../identity/signing-secret';

/**
 * Base58 text of exactly `bytes` bytes, as a Solana node parses a signature (64) or an address (32): anything
 * else it refuses, and a node refuses a whole call for one such value, so none may reach the chain.
 */
const base58Bytes = (bytes: 32 | 64, what: string) =>
  z
    .string()
    .max(bytes === 64 ? 88 : 44, `expected ${what}: base58 of ${bytes} bytes`)
    .refine((text) => bs58.decodeUnsafe(text)?.length === bytes, `expected ${what}: base58 of ${bytes} bytes`);

/** A transaction signature, as verify and restore take one. */
export const signatureSchema = base58Bytes(64, 'a transaction signature');
/** A wallet's address, as a restore challenge names it. */
export const walletSchema = base58Bytes(32, 'a wallet address');

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

/** A checkout's reference, as a transaction request's address names it. */
export const referenceSchema = base58Bytes(32, 'a checkout reference');

/** The wallet that pays and signs a transaction request's transaction: an address with a private key (on the curve). */
export const payerSchema = walletSchema.refine(
  // Zod runs this refinement even when the address check above failed: text that is not base58 is no payer either.
  (text) => {
    const bytes = bs58.decodeUnsafe(text);
    return bytes !== undefined && PublicKey.isOnCurve(bytes);
  },
  'expected the paying wallet: an address a key signs for (a program address cannot pay)',
);
