import { randomBytes } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import { verifySignIn } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import { z } from 'zod';
import { refuse, type Refusal } from '../errors';
import { holderOf, isHolder, readToken, signToken, type SigningKeys } from './signed-token';

/**
 * What a Sign In With Solana request is for: its token purpose (a restore challenge never opens the studio), the
 * statement the wallet shows, and how long it may be answered.
 */
export interface SignInPurpose {
  purpose: string;
  statement: string;
  /** Named in refusals: "restore", "studio sign-in". */
  what: string;
  ttlMs: number;
}

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

/** The site a sign-in is for: a wallet shows this domain, and refuses or warns when a page on another one asks. */
export interface SiteIdentity {
  domain: string;
  uri: string;
}

export const siteIdentity = (siteUrl: string): SiteIdentity => {
  const url = new URL(siteUrl);
  return { domain: url.host, uri: url.origin };
};

/** A challenge also names the cluster the site's payments are on (`solana:devnet`…), as the wallet shows it. */
export type SignInSite = SiteIdentity & { chainId: string };

/** The Sign In With Solana request the wallet signs; rebuilt from the signed challenge when it comes back. */
export function signInInput(challenge: Challenge, statement: string) {
  return {
    domain: challenge.domain,
    address: challenge.wallet,
    statement,
    uri: challenge.uri,
    version: '1',
    chainId: challenge.chainId,
    nonce: challenge.nonce,
    issuedAt: challenge.issuedAt,
    expirationTime: challenge.expirationTime,
  } satisfies SolanaSignInInput;
}

export function createSignInChallenge(secret: SigningKeys, kind: SignInPurpose, wallet: string, browser: string, site: SignInSite, now = Date.now()) {
  const challenge: Challenge = {
    wallet,
    // SIWS nonces are alphanumeric.
    nonce: randomBytes(16).toString('hex'),
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + kind.ttlMs).toISOString(),
    ...site,
    holder: holderOf(secret, kind.purpose, browser),
  };
  return { token: signToken(secret, kind.purpose, challenge), input: signInInput(challenge, kind.statement) };
}

export interface SignInAnswer {
  token: string;
  /** The exact bytes the wallet signed, base64. */
  signedMessage: string;
  /** base58 ed25519 signature. */
  signature: string;
}

function decode(answer: SignInAnswer) {
  try {
    return { signedMessage: new Uint8Array(Buffer.from(answer.signedMessage, 'base64')), signature: bs58.decode(answer.signature) };
  } catch {
    return null;
  }
}

/**
 * Checks a Sign In With Solana answer: the signed text must be exactly our challenge (our domain and URI, its nonce,
 * not expired), answered by the browser that asked for it, and signed by its wallet. The caller spends the nonce
 * (once: a replayed answer is refused there).
 */
export function checkSignIn(
  secret: SigningKeys,
  kind: SignInPurpose,
  answer: SignInAnswer,
  browser: string,
  site: SiteIdentity,
  now = Date.now(),
): { ok: true; wallet: string; nonce: string; expiresAt: number } | Refusal {
  const challenge = readToken(secret, kind.purpose, answer.token, challengeSchema);
  if (!challenge) return refuse('invalid_request', `Unknown or altered ${kind.what} challenge.`);
  if (!isHolder(secret, kind.purpose, browser, challenge.holder)) {
    return refuse('forbidden', `This ${kind.what} challenge was asked for by another browser; ask for a new one here.`);
  }
  const expiresAt = Date.parse(challenge.expirationTime);
  if (expiresAt <= now) return refuse('unauthenticated', `This ${kind.what} challenge expired; ask for a new one.`);
  if (challenge.domain !== site.domain || challenge.uri !== site.uri) {
    return refuse('unauthenticated', `This ${kind.what} challenge was made for ${challenge.uri}, not ${site.uri}.`);
  }
  const bytes = decode(answer);
  let valid = false;
  try {
    const publicKey = new PublicKey(challenge.wallet).toBytes();
    valid =
      !!bytes &&
      verifySignIn(signInInput(challenge, kind.statement), { account: { address: challenge.wallet, publicKey, chains: [], features: [] }, ...bytes });
  } catch {
    valid = false;
  }
  if (!valid) return refuse('unauthenticated', 'The signed message is not this challenge, or the signature does not match the wallet.');
  return { ok: true, wallet: challenge.wallet, nonce: challenge.nonce, expiresAt };
}
