'use client';

import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { PhantomWalletName } from '@solana/wallet-adapter-phantom';
import { useWallet } from '@solana/wallet-adapter-react';
import { useCallback } from 'react';

export const INSTALL_PHANTOM = 'Please install Phantom Wallet extension!';

/**
 * The name Android's Mobile Wallet Adapter registers under (SolanaMobileWalletAdapterWalletName):
 * the wallet adapter adds it by itself in Android browsers, and it reaches any wallet app installed.
 */
const MOBILE_WALLET_ADAPTER = 'Mobile Wallet Adapter' as WalletName<'Mobile Wallet Adapter'>;

const usable = (state: WalletReadyState | undefined) => state === WalletReadyState.Installed || state === WalletReadyState.Loadable;

/**
 * Phantom through the wallet adapter: whether it is there, and a connect that reports only to the
 * console; and, on Android, the Mobile Wallet Adapter when the wallet adapter offers it.
 */
export function usePhantom() {
  const wallet = useWallet();
  const stateOf = (name: WalletName) => wallet.wallets.find((w) => w.adapter.name === name)?.readyState;
  const available = usable(stateOf(PhantomWalletName));
  /** Phantom is in this browser itself: the extension, or Phantom's in-app browser on a phone. */
  const installed = stateOf(PhantomWalletName) === WalletReadyState.Installed;
  const mobileWalletAdapter = usable(stateOf(MOBILE_WALLET_ADAPTER));

  const { select, connect, wallet: selected } = wallet;
  const connectWallet = useCallback(
    async (name: WalletName) => {
      try {
        // Selecting makes the provider connect (autoConnect); an already selected wallet is asked directly.
        if (selected?.adapter.name !== name) select(name);
        else await connect();
      } catch (error) {
        console.error('[wallet] connect failed', error);
      }
    },
    [select, connect, selected],
  );
  const connectPhantom = useCallback(() => connectWallet(PhantomWalletName), [connectWallet]);
  const connectMobileWallet = useCallback(() => connectWallet(MOBILE_WALLET_ADAPTER), [connectWallet]);

  return { ...wallet, available, installed, mobileWalletAdapter, connectPhantom, connectMobileWallet };
}

/** Phones have no wallet extensions: there, Phantom's own app is the way in. */
export const isPhoneBrowser = (userAgent: string) => /iPhone|iPad|iPod|Android/i.test(userAgent);

/** Phantom's universal link that opens `pageUrl` inside Phantom's in-app browser, where it is injected. */
export const openInPhantomLink = (pageUrl: string, origin: string) =>
  `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`;
