'use client';

import { WalletReadyState, type WalletName } from '@solana/wallet-adapter-base';
import { useWallet } from '@solana/wallet-adapter-react';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { openStudioSession, requestStudioChallenge } from '@/lib/payments/browser/api';
import { signChallenge } from '@/lib/payments/browser/signing-wallet';
import { shortAddress } from '@/lib/payments/display';
import { ModalDialog } from '../dialog/ModalDialog';
import { PaymentNotice, type Notice } from '../payment/PaymentNotice';
import { WalletProviders } from '../payment/WalletProviders';
import button from '../ui/button.module.css';
import styles from '../payment/PurchaseDialog.module.css';

/** Loaded on demand by StudioSignIn, with the wallet providers it needs. */
export default function StudioSignInDialog({ onClose }: { onClose: () => void }) {
  return (
    <WalletProviders>
      <SignInFlow onClose={onClose} />
    </WalletProviders>
  );
}

const usable = (state: WalletReadyState) => state === WalletReadyState.Installed || state === WalletReadyState.Loadable;

/** Any wallet in this browser (Phantom, or another Wallet Standard wallet): connect, sign the studio's message, open it. */
function SignInFlow({ onClose }: { onClose: () => void }) {
  const { wallets, wallet, select, connect, disconnect, connected, publicKey, signIn, signMessage } = useWallet();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef<string | null>(null);
  const choices = wallets.filter((each) => usable(each.readyState));

  const choose = async (name: WalletName) => {
    setNotice(null);
    try {
      // Selecting makes the provider connect (autoConnect); the selected wallet is asked directly.
      if (wallet?.adapter.name !== name) select(name);
      else await connect();
    } catch (error) {
      console.error('[studio] connect failed', error);
    }
  };

  const signInWith = async (address: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const challenge = await requestStudioChallenge(address);
      await openStudioSession(await signChallenge({ address, signIn, signMessage }, challenge));
      router.refresh();
      onClose();
    } catch (error) {
      console.error('[studio] sign-in failed', error);
      setNotice({ tone: 'error', text: error instanceof Error ? error.message : 'The studio could not be opened. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  // One click does it: once the chosen wallet is connected, its signature is asked for (once per address).
  useEffect(() => {
    const address = connected ? publicKey?.toBase58() : undefined;
    if (address && asked.current !== address) {
      asked.current = address;
      void signInWith(address);
    }
    // signInWith reads the latest wallet state each render; re-running on it would ask twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [connected, publicKey]);

  return (
    <ModalDialog title="Sign in to the studio" onClose={onClose} size="narrow" closeLabel="Close sign-in">
      <div className={styles.body}>
        <p className={styles.explain}>
          Sign a one-time message with the wallet payments go to, or one the site lists as a studio wallet. Signing is free and moves no funds.
        </p>
        {connected && publicKey && (
          <p className={styles.explain}>
            Wallet <strong data-testid="connected-wallet">{shortAddress(publicKey.toBase58())}</strong>
          </p>
        )}
        <div className={styles.actions}>
          {connected && publicKey ? (
            <>
              <button type="button" className={`${button.button} ${button.solana}`} disabled={busy} onClick={() => void signInWith(publicKey.toBase58())}>
                {busy ? 'Signing in…' : 'Sign and open the studio'}
              </button>
              <button type="button" className={`${button.button} ${button.ghost}`} disabled={busy} onClick={() => void disconnect()}>
                Use another wallet
              </button>
            </>
          ) : (
            choices.map((each) => (
              <button key={each.adapter.name} type="button" className={`${button.button} ${button.solana}`} onClick={() => void choose(each.adapter.name)}>
                Sign in with {each.adapter.name}
              </button>
            ))
          )}
        </div>
        {choices.length === 0 && !connected ? (
          <PaymentNotice
            notice={{ tone: 'error', text: 'No Solana wallet was found in this browser. Install Phantom (or another Solana wallet) and reload.', guide: true }}
          />
        ) : (
          notice && <PaymentNotice notice={notice} />
        )}
      </div>
    </ModalDialog>
  );
}
