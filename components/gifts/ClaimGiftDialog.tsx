'use client';

import { useState } from 'react';
import { PaymentApiError, fetchEntitlements } from '@/lib/payments/browser/api';
import { claimGiftWithWallet } from '@/lib/payments/browser/restore-with-wallet';
import { pageOfDocument } from '@/lib/routes';
import { ModalDialog } from '../dialog/ModalDialog';
import type { Notice } from '../payment/PaymentNotice';
import { usePurchases } from '../payment/PurchasesContext';
import { usePhantom } from '../payment/usePhantom';
import { useSignWhenConnected } from '../payment/useSignWhenConnected';
import { WalletProviders } from '../payment/WalletProviders';
import { WalletSignInBody } from '../payment/WalletSignInBody';
import { IntentLink } from '../ui/IntentLink';
import button from '../ui/button.module.css';

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
  const phantom = usePhantom();
  const { available, connectPhantom, connected, publicKey, signIn, signMessage } = phantom;
  const { granted } = usePurchases();
  const [busy, setBusy] = useState(false);
  const [claimed, setClaimed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

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

  useSignWhenConnected({ available, connected, connect: connectPhantom }, claim);

  return (
    <ModalDialog title={`Claim ${title}`} onClose={onClose} size="narrow" closeLabel="Close claim">
      <WalletSignInBody
        why="the gift becomes this wallet's."
        wallet={phantom}
        busy={busy}
        verbs={{ busy: 'Claiming…', sign: 'Sign and claim' }}
        sign={claim}
        notice={notice}
        done={
          claimed ? (
            <IntentLink href={pageOfDocument(path)} className={`${button.button} ${button.primary}`}>
              Start watching
            </IntentLink>
          ) : null
        }
      />
    </ModalDialog>
  );
}
