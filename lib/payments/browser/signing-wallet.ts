import { createSignInMessage } from '@solana/wallet-standard-util';
import bs58 from 'bs58';
import type { SignInChallenge, SignInRequest } from '../contract';

type SignInInput = SignInChallenge['input'];

/** A wallet that can prove it holds its key: by Sign In With Solana, or at least by signing a message. */
export interface SigningWallet {
  address: string;
  signIn?: (input: SignInInput) => Promise<{ signedMessage: Uint8Array; signature: Uint8Array }>;
  signMessage?: (message: Uint8Array) => Promise<Uint8Array>;
}

const toBase64 = (bytes: Uint8Array) => btoa(Array.from(bytes, (byte) => String.fromCharCode(byte)).join(''));

/**
 * The wallet signs the server's challenge (a restore's, the studio's): the exact bytes signed in base64, the
 * ed25519 signature in base58. Sign In With Solana names this site, so a wallet warns when a look-alike page asks
 * for it; wallets without signIn sign the same standard text as a message.
 */
export async function signChallenge(wallet: SigningWallet, { token, input }: SignInChallenge): Promise<SignInRequest> {
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
