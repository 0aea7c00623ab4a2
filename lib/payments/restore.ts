import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { verifySignIn } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import { z } from 'zod';
import type { Ledger, Purchase } from './ledger';
import { holderOf, isHolder, readToken, signToken, type SigningKeys } from '../identity/signed-token';
import { refuse, type Refusal } from '../errors';

const PURPOSE = 'restore';
const TTL_MS = 10 * 60 * 1000;
export const RESTORE_STATEMENT = 'Restore my Solenema purchases in this browser. Signing is free and moves no funds.';

const challengeSchema = z.object({
  wallet: z.string(),
  nonce: z.string(),
  issuedAt: z.string(),
  expirationTime: z.string(),
  domain: z.string(),
  uri: z.string(),
  /** The browser that asked, as its holder digest (never its id): only that browser may answer. */
  holder: z.string(),
  chainId: z.string(),
});
type Challenge = z.infer<typeof challengeSchema>;

/** The site a restore is for: a wallet shows this domain, and refuses or warns when a page on another one asks. */
export interface SiteIdentity {
  domain: string;
  uri: string;
}

export const siteIdentity = (siteUrl: string): SiteIdentity => {
  const url = new URL(siteUrl);
  return { domain: url.host, uri: url.origin };
};

/** A challenge also names the cluster the site's payments are on (`solana:devnet`…), as the wallet shows it. */
export type RestoreSite = SiteIdentity & { chainId: string };

/** The Sign In With Solana request the wallet signs; rebuilt from the signed challenge when it comes back. */
export function signInInput(challenge: Challenge) {
  return {
    domain: challenge.domain,
    address: challenge.wallet,
    statement: RESTORE_STATEMENT,
    uri: challenge.uri,
    version: '1',
    chainId: challenge.chainId,
    nonce: challenge.nonce,
    issuedAt: challenge.issuedAt,
    expirationTime: challenge.expirationTime,
  } satisfies SolanaSignInInput;
}

export function createRestoreChallenge(secret: SigningKeys, wallet: string, browser: string, site: RestoreSite, now = Date.now()) {
  const challenge: Challenge = {
    wallet,
    // SIWS nonces are alphanumeric.
    nonce: randomBytes(16).toString('hex'),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + TTL_MS).toISOString(),
    ...site,
    holder: holderOf(secret, PURPOSE, browser),
  };
  return { token: signToken(secret, PURPOSE, challenge), input: signInInput(challenge) };
}

export interface RestoreAnswer {
  token: string;
  /** The exact bytes the wallet signed, base64. */
  signedMessage: string;
  /** base58 ed25519 signature. */
  signature: string;
}

export type RestoreResult = { ok: true; wallet: string; paths: string[]; purchases: Purchase[] } | Refusal;

function decode(answer: RestoreAnswer) {
  try {
    return { signedMessage: new Uint8Array(Buffer.from(answer.signedMessage, 'base64')), signature: bs58.decode(answer.signature) };
  } catch {
    return null;
  }
}

/**
 * Checks a Sign In With Solana answer: the signed text must be exactly our challenge (our domain and
 * URI, this nonce, not expired), answered by the browser that asked for it, and signed by its wallet;
 * then lists what that wallet bought on `cluster` (a genesis hash).
 */
export async function restorePurchases(
  secret: SigningKeys,
  answer: RestoreAnswer,
  browser: string,
  site: SiteIdentity,
  ledger: Pick<Ledger, 'spendNonce' | 'byWallet'>,
  cluster: string,
  now = Date.now(),
): Promise<RestoreResult> {
  const challenge = readToken(secret, PURPOSE, answer.token, challengeSchema);
  if (!challenge) return refuse('invalid_request', 'Unknown or altered restore challenge.');
  if (!isHolder(secret, PURPOSE, browser, challenge.holder)) {
    return refuse('forbidden', 'This restore challenge was asked for by another browser; ask for a new one here.');
  }
  if (Date.parse(challenge.expirationTime) <= now) return refuse('unauthenticated', 'This restore challenge expired; ask for a new one.');
  if (challenge.domain !== site.domain || challenge.uri !== site.uri) {
    return refuse('unauthenticated', `This restore challenge was made for ${challenge.uri}, not ${site.uri}.`);
  }
  const bytes = decode(answer);
  let valid = false;
  try {
    const publicKey = new PublicKey(challenge.wallet).toBytes();
    valid = !!bytes && verifySignIn(signInInput(challenge), { account: { address: challenge.wallet, publicKey, chains: [], features: [] }, ...bytes });
  } catch {
    valid = false;
  }
  if (!valid) return refuse('unauthenticated', 'The signed message is not this challenge, or the signature does not match the wallet.');
  if (!(await ledger.spendNonce(challenge.nonce, Date.parse(challenge.expirationTime)))) return refuse('conflict', 'This restore challenge was already used.');
  const purchases = await ledger.byWallet(challenge.wallet, cluster);
  return { ok: true, wallet: challenge.wallet, paths: [...new Set(purchases.map((p) => p.path))], purchases };
}
