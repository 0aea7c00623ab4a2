'use client';

import type { ReactNode } from 'react';
import type { PublicKey } from '@solana/web3.js';
import { shortAddress } from '@/lib/payments/display';
import { PaymentNotice, type Notice } from './PaymentNotice';
import { INSTALL_PHANTOM } from './usePhantom';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';

interface Props {
  /** Why the wallet signs, after "Signing is free and moves no funds;". */
  why: string;
  wallet: { available: boolean; connected: boolean; publicKey: PublicKey | null; connectPhantom: () => unknown };
  busy: boolean;
  /** The button's words while signing, and to sign: "Restoring…", "Sign and restore". */
  verbs: { busy: string; sign: string };
  sign: () => unknown;
  /** What replaces the button once it worked (a way to start watching); null before. */
  done: ReactNode | null;
  notice: Notice | null;
}

/** The body of a dialog that proves a wallet with a one-time signed message (a restore, a gift's claim). */
export function WalletSignInBody({ why, wallet, busy, verbs, sign, done, notice }: Props) {
  const { available, connected, publicKey, connectPhantom } = wallet;
  return (
    <div className={styles.body}>
      <p className={styles.explain}>Phantom will ask you to sign in to this site with a one-time message. Signing is free and moves no funds; {why}</p>
      {publicKey && connected && (
        <p className={styles.explain}>
          Wallet <strong data-testid="connected-wallet">{shortAddress(publicKey.toBase58())}</strong>
        </p>
      )}
      <div className={styles.actions}>
        {done ?? (
          <button type="button" className={`${button.button} ${button.solana}`} onClick={connected ? sign : connectPhantom} disabled={busy}>
            {busy ? verbs.busy : connected ? verbs.sign : 'Connect Phantom Wallet'}
          </button>
        )}
      </div>
      {!available ? <PaymentNotice notice={{ tone: 'error', text: INSTALL_PHANTOM, guide: true }} /> : notice && <PaymentNotice notice={notice} />}
    </div>
  );
}
