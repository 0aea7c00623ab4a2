import { requestRestoreChallenge, restoreWithSignature } from './api';
import { signChallenge, type SigningWallet } from './signing-wallet';

/** One restore, start to finish: the server's challenge → the wallet signs → the titles that wallet bought. */
export async function restoreWithWallet(wallet: SigningWallet) {
  const challenge = await requestRestoreChallenge(wallet.address);
  return restoreWithSignature(await signChallenge(wallet, challenge));
}
