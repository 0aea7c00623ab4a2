'use client';

import { WalletReadyState } from '@solana/wallet-adapter-base';
import { PhantomWalletName } from '@solana/wallet-adapter-phantom';
import { useWallet } from '@solana/wallet-adapter-react';
import { useCallback } from 'react';

export const INSTALL_PHANTOM = 'Please install Phantom Wallet extension!';

/** Phantom through the wallet adapter: whether it is there, and a connect that reports only to the console. */
export function usePhantom() {
  const wallet = useWallet();
  const phantom = wallet.wallets.find((w) => w.adapter.name === PhantomWalletName);
  const available = phantom?.readyState === WalletReadyState.Installed || phantom?.readyState === WalletReadyState.Loadable;

  const { select, connect, wallet: selected } = wallet;
  const connectPhantom = useCallback(async () => {
    try {
      // Selecting makes the provider connect (autoConnect); an already selected wallet is asked directly.
      if (selected?.adapter.name !== PhantomWalletName) select(PhantomWalletName);
      else await connect();
    } catch (error) {
      console.error('[wallet] connect failed', error);
    }
  }, [select, connect, selected]);

  return { ...wallet, available, connectPhantom };
}

/** `AbCd…WxYz`: enough of an address to recognise it. */
export const shortAddress = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
