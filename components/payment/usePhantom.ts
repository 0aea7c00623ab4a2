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
  /** Phantom is in this browser itself: the extension, or Phantom's in-app browser on a phone. */
  const installed = phantom?.readyState === WalletReadyState.Installed;

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

  return { ...wallet, available, installed, connectPhantom };
}

/** Phones have no wallet extensions: there, Phantom's own app is the way in. */
export const isPhoneBrowser = (userAgent: string) => /iPhone|iPad|iPod|Android/i.test(userAgent);

/** Phantom's universal link that opens `pageUrl` inside Phantom's in-app browser, where it is injected. */
export const openInPhantomLink = (pageUrl: string, origin: string) =>
  `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`;

