import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { z } from 'zod';
import type { Ledger } from './ledger';
import { readToken, signToken } from './signed-token';

const PURPOSE = 'restore';
const TTL_MS = 10 * 60 * 1000;

const challengeSchema = z.object({ wallet: z.string(), nonce: z.string(), issuedAt: z.number() });
type Challenge = z.infer<typeof challengeSchema>;

/** The exact text the wallet is asked to sign; rebuilt from the signed challenge when it comes back. */
export function restoreMessage({ wallet, nonce, issuedAt }: Challenge): string {
  return [
    'Solenema: restore my purchases in this browser.',
    '',
    `Wallet: ${wallet}`,
    `Nonce: ${nonce}`,
    `Issued: ${new Date(issuedAt).toISOString()}`,
  ].join('\n');
}

export function createRestoreChallenge(secret: string, wallet: string) {
  const challenge: Challenge = { wallet, nonce: randomBytes(16).toString('base64url'), issuedAt: Date.now() };
  return { token: signToken(secret, PURPOSE, challenge), message: restoreMessage(challenge) };
}

export type RestoreResult = { ok: true; wallet: string; paths: string[] } | { ok: false; status: 400 | 401 | 409; reason: string };

/** Checks the wallet's signature over a one-time challenge, then lists what that wallet bought. */
export async function restorePurchases(secret: string, token: string, signature: string, ledger: Ledger): Promise<RestoreResult> {
  const challenge = readToken(secret, PURPOSE, token, challengeSchema);
  if (!challenge) return { ok: false, status: 400, reason: 'Unknown or altered restore challenge.' };
  if (Date.now() - challenge.issuedAt > TTL_MS) return { ok: false, status: 401, reason: 'This restore challenge expired; ask for a new one.' };
  let valid = false;
  try {
    const message = new TextEncoder().encode(restoreMessage(challenge));
    valid = nacl.sign.detached.verify(message, bs58.decode(signature), new PublicKey(challenge.wallet).toBytes());
  } catch {
    valid = false;
  }
  if (!valid) return { ok: false, status: 401, reason: 'The signature does not match the wallet.' };
  if (!(await ledger.spendNonce(challenge.nonce))) return { ok: false, status: 409, reason: 'This restore challenge was already used.' };
  const purchases = await ledger.byWallet(challenge.wallet);
  return { ok: true, wallet: challenge.wallet, paths: purchases.map((p) => p.path) };
}
