'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { fetchEntitlements } from '@/lib/payments/browser/api';
import { restoreWithWallet } from '@/lib/payments/browser/restore-with-wallet';
import { ModalDialog } from '../dialog/ModalDialog';
import { PaymentNotice, type Notice } from './PaymentNotice';
import { usePurchases } from './PurchasesContext';
import { shortAddress } from '@/lib/payments/display';
import { INSTALL_PHANTOM, usePhantom } from './usePhantom';
import { WalletProviders } from './WalletProviders';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';

/** Loaded on demand by RestorePurchasesButton, with the wallet providers it needs. */
export default function RestoreDialog({ onClose }: { onClose: () => void }) {
  return (
    <WalletProviders>
      <RestoreFlow onClose={onClose} />
    </WalletProviders>
  );
}

function RestoreFlow({ onClose }: { onClose: () => void }) {
  const { available, connectPhantom, connected, publicKey, signIn, signMessage } = usePhantom();
  const { granted } = usePurchases();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const asked = useRef(false);

  const restore = async () => {
    if (!publicKey || (!signIn && !signMessage)) return;
    setBusy(true);
    setNotice(null);
    try {
      const { restored, more } = await restoreWithWallet({ address: publicKey.toBase58(), signIn, signMessage });
      granted(await fetchEntitlements());
      // Pages drawn for this browser on the server (My purchases) show the restored titles too.
      router.refresh();
      const found = restored.length > 0 ? `Restored ${restored.length} purchase${restored.length === 1 ? '' : 's'}.` : 'No purchases found yet.';
      // One restore reads a bounded part of a busy wallet's history; the next one reads on from there.
      if (more) setNotice({ tone: 'info', text: `${found} This wallet has older transactions to look through: sign again to search further back.` });
      else
        setNotice(restored.length > 0 ? { tone: 'success', text: `${found} Enjoy watching!` } : { tone: 'info', text: 'No purchases found for this wallet.' });
    } catch (error) {
      console.error('[restore] failed', error);
      setNotice({ tone: 'error', text: 'Could not restore your purchases. Please try again.' });
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
      void restore();
    }
    // restore reads the latest wallet state each render; re-running on it would ask twice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [available, connected]);

  return (
    <ModalDialog title="Restore my purchases" onClose={onClose} size="narrow" closeLabel="Close restore">
      <div className={styles.body}>
        <p className={styles.explain}>
          Phantom will ask you to sign in to this site with a one-time message. Signing is free and moves no funds; it proves the wallet that paid is yours.
        </p>
        {publicKey && connected && (
          <p className={styles.explain}>
            Wallet <strong data-testid="connected-wallet">{shortAddress(publicKey.toBase58())}</strong>
          </p>
        )}
        <div className={styles.actions}>
          {notice?.tone === 'success' ? (
            // Done: the titles are unlocked on every page; nothing is left to sign.
            <button type="button" className={`${button.button} ${button.primary}`} onClick={onClose}>
              Start watching
            </button>
          ) : (
            <button type="button" className={`${button.button} ${button.solana}`} onClick={connected ? restore : connectPhantom} disabled={busy}>
              {busy ? 'Restoring…' : connected ? 'Sign and restore' : 'Connect Phantom Wallet'}
            </button>
          )}
        </div>
        {!available ? <PaymentNotice notice={{ tone: 'error', text: INSTALL_PHANTOM, guide: true }} /> : notice && <PaymentNotice notice={notice} />}
      </div>
    </ModalDialog>
  );
}
