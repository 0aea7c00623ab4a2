import { claimGiftWithSignature, requestGiftChallenge, requestRestoreChallenge, restoreWithSignature } from './api';
import { signChallenge, type SigningWallet } from './signing-wallet';

/** One restore, start to finish: the server's challenge → the wallet signs → the titles that wallet bought. */
export async function restoreWithWallet(wallet: SigningWallet) {
  const challenge = await requestRestoreChallenge(wallet.address);
  return restoreWithSignature(await signChallenge(wallet, challenge));
}

/** One gift claim: the server's challenge → the wallet signs → the gift at `gift` (its link's secret) is this wallet's, in this browser. */
export async function claimGiftWithWallet(wallet: SigningWallet, gift: string) {
  const challenge = await requestGiftChallenge(wallet.address);
  return claimGiftWithSignature({ ...(await signChallenge(wallet, challenge)), gift });
}
