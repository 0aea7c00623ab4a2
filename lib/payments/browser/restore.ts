import { createSignInMessage } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import type { RestoreChallenge } from '../contract';
import { requestRestoreChallenge, restoreWithSignature } from './api';

type SignInInput = RestoreChallenge['input'];

/** A wallet that can prove it holds its key: by Sign In With Solana, or at least by signing a message. */
export interface RestoreWallet {
  address: string;
  signIn?: (input: SignInInput) => Promise<{ signedMessage: Uint8Array; signature: Uint8Array }>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
}

/** An answer as /api/restore reads it: the exact bytes signed in base64, the ed25519 signature in base58. */
export interface SignedChallenge {
  token: string;
  signedMessage: string;
  signature: string;
}

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

/**
 * The wallet signs the server's challenge. Sign In With Solana names this site, so a wallet warns
 * when a look-alike page asks for it; wallets without signIn sign the same standard text as a message.
 */
export async function signChallenge(wallet: RestoreWallet, { token, input }: RestoreChallenge): Promise<SignedChallenge> {
  let signedMessage: Uint8Array;
  let signature: Uint8Array;
  if (wallet.signIn) {
    ({ signedMessage, signature } = await wallet.signIn(input));
  } else if (wallet.signMessage) {
    signedMessage = createSignInMessage(input);
    signature = await wallet.signMessage(signedMessage);
  } else {
    throw new Error('This wallet can neither sign in nor sign a message.');
  }
  return { token, signedMessage: toBase64(signedMessage), signature: bs58.encode(signature) };
}

/** One restore, start to finish: the server's challenge → the wallet signs → the titles that wallet bought. */
export async function restoreWithWallet(wallet: RestoreWallet) {
  const challenge = await requestRestoreChallenge(wallet.address);
  return restoreWithSignature(await signChallenge(wallet, challenge));
}
