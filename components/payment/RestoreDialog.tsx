'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { fetchEntitlements } from '@/lib/payments/browser/api';
import { restoreWithWallet } from '@/lib/payments/browser/restore-with-wallet';
import { ModalDialog } from '../dialog/ModalDialog';
import type { Notice } from './PaymentNotice';
import { usePurchases } from './PurchasesContext';
import { usePhantom } from './usePhantom';
import { useSignWhenConnected } from './useSignWhenConnected';
import { WalletProviders } from './WalletProviders';
import { WalletSignInBody } from './WalletSignInBody';
import button from '../ui/button.module.css';

/** Loaded on demand by RestorePurchasesButton, with the wallet providers it needs. */
export default function RestoreDialog({ onClose }: { onClose: () => void }) {
  return (
    <WalletProviders>
      <RestoreFlow onClose={onClose} />
    </WalletProviders>
  );
}

function RestoreFlow({ onClose }: { onClose: () => void }) {
  const phantom = usePhantom();
  const { available, connectPhantom, connected, publicKey, signIn, signMessage } = phantom;
  const { granted } = usePurchases();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

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

  useSignWhenConnected({ available, connected, connect: connectPhantom }, restore);

  return (
    <ModalDialog title="Restore my purchases" onClose={onClose} size="narrow" closeLabel="Close restore">
      <WalletSignInBody
        why="it proves the wallet that paid is yours."
        wallet={phantom}
        busy={busy}
        verbs={{ busy: 'Restoring…', sign: 'Sign and restore' }}
        sign={restore}
        notice={notice}
        done={
          notice?.tone === 'success' ? (
            // Done: the titles are unlocked on every page; nothing is left to sign.
            <button type="button" className={`${button.button} ${button.primary}`} onClick={onClose}>
              Start watching
            </button>
          ) : null
        }
      />
    </ModalDialog>
  );
}
