'use client';

import { useEffect, useRef, useState } from 'react';
import { PaymentApiError, fetchEntitlements } from '@/lib/payments/browser/api';
import { claimGiftWithWallet } from '@/lib/payments/browser/restore-with-wallet';
import { shortAddress } from '@/lib/payments/display';
import { pageOfDocument } from '@/lib/routes';
import { ModalDialog } from '../dialog/ModalDialog';
import { PaymentNotice, type Notice } from '../payment/PaymentNotice';
import { usePurchases } from '../payment/PurchasesContext';
import { INSTALL_PHANTOM, usePhantom } from '../payment/usePhantom';
import { WalletProviders } from '../payment/WalletProviders';
import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';
import styles from '../payment/PurchaseDialog.module.css';

type Props = { gift: string; title: string; path: string; onClose: () => void };

/** Loaded on demand by ClaimGiftButton, with the wallet providers it needs. */
export default function ClaimGiftDialog(props: Props) {
  return (
    <WalletProviders>
      <ClaimFlow {...props} />
    </WalletProviders>
  );
}

function ClaimFlow({ gift, title, path, onClose }: Props) {
  const { available, connectPhantom, connected, publicKey, signIn, signMessage } = usePhantom();
  const { granted } = usePurchases();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef(false);

  const claim = async () => {
    if (!publicKey || (!signIn && !signMessage)) return;
    setBusy(true);
    setNotice(null);
    try {
      await claimGiftWithWallet({ address: publicKey.toBase58(), signIn, signMessage }, gift);
      granted(await fetchEntitlements());
      setClaimed(true);
      setNotice({ tone: 'success', text: `${title} is yours, in this browser and for this wallet (restore it anywhere by signing with it).` });
    } catch (error) {
      console.error('[gift] claim failed', error);
      const spent = error instanceof PaymentApiError && (error.code === 'expired' || error.code === 'not_found');
      setNotice({ tone: 'error', text: spent ? error.message : 'Could not claim the gift. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  // One click does it all: connect, then ask for the signature as soon as the wallet is there.
  useEffect(() => {
    if (!available) return;
    if (!connected) void connectPhantom();
    else if (!asked.current) {
      asked.current = true;
      void claim();
    }
    // claim reads the latest wallet state each render; re-running on it would ask twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available, connected]);

  return (
    <ModalDialog title={`Claim ${title}`} onClose={onClose} size="narrow" closeLabel="Close claim">
      <div className={styles.body}>
        <p className={styles.explain}>
          Phantom will ask you to sign in to this site with a one-time message. Signing is free and moves no funds; the gift becomes this wallet&apos;s.
        </p>
        {publicKey && connected && (
          <p className={styles.explain}>
            Wallet <strong data-testid="connected-wallet">{shortAddress(publicKey.toBase58())}</strong>
          </p>
        )}
        <div className={styles.actions}>
          {claimed ? (
            <IntentLink href={pageOfDocument(path)} className={`${button.button} ${button.primary}`}>
              Start watching
            </IntentLink>
          ) : (
            <button type="button" className={`${button.button} ${button.solana}`} onClick={connected ? claim : connectPhantom} disabled={busy}>
              {busy ? 'Claiming…' : connected ? 'Sign and claim' : 'Connect Phantom Wallet'}
            </button>
          )}
        </div>
        {!available ? <PaymentNotice notice={{ tone: 'error', text: INSTALL_PHANTOM, guide: true }} /> : notice && <PaymentNotice notice={notice} />}
      </div>
    </ModalDialog>
  );
}
