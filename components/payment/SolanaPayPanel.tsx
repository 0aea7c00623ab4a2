'use client';

import button from '../ui/button.module.css';
import dialog from './PurchaseDialog.module.css';
import styles from './SolanaPayPanel.module.css';
import type { TransferPhase } from './useTransferRequest';

type Props = {
  /**
   * The checkout's Solana Pay requests while payable (until `expiresAt`, ms); null while a fresh one is being made:
   * the transaction request (`url`, drawn as the QR) and the transfer request for wallets without transaction requests.
   */
  request: { url: string; qr: string; transferUrl: string; expiresAt: number } | null;
  /** The amount the code asks for, as the dialog shows it. */
  price: string;
  phase: TransferPhase;
  /** Why the QR is unavailable, when the server said why. */
  reason?: string;
  checkAgain: () => void;
  /** On a phone the wallet app is on the same device: a link opens it; the QR is for paying from another. */
  phone: boolean;
};

const STATUS: Record<TransferPhase, string> = {
  starting: 'Preparing your QR code…',
  waiting: 'Waiting for your payment…',
  refused: 'Waiting for a payment of the full amount…',
  stopped: 'Still waiting? If you have paid, check again.',
  unavailable: 'The QR code is unavailable just now.',
};

const payBy = (expiresAt: number) => new Date(expiresAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * Pay from any wallet, on any device: a Solana Pay QR code of the same checkout (a transaction request: the site
 * builds what the wallet signs, as for Phantom), on a phone a link to the wallet app, and a transfer request for
 * wallets that cannot ask for a transaction. The page unlocks by itself.
 */
export function SolanaPayPanel({ request, price, phase, reason, checkAgain, phone }: Props) {
  const watching = phase === 'starting' || phase === 'waiting' || phase === 'refused';
  return (
    <section className={styles.panel} aria-labelledby="solana-pay-heading">
      <h3 id="solana-pay-heading" className={styles.heading}>
        Or pay with any Solana wallet
      </h3>
      {phone && request && (
        <a className={`${button.button} ${button.ghost}`} href={request.url}>
          Pay with a Solana wallet app
        </a>
      )}
      <div className={styles.scan}>
        <div className={styles.qr}>
          {request && (
            // A data URL of the server-drawn SVG: crisp at any size, and no QR code library in the browser.
            // eslint-disable-next-line @next/next/no-img-element
            <img
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(request.qr)}`}
              width={168}
              height={168}
              alt={`Solana Pay QR code to pay ${price}`}
              data-testid="solana-pay-qr"
            />
          )}
        </div>
        <div className={styles.howto}>
          <p>
            {phone ? 'Or scan this code from another device' : 'Scan with Phantom, Solflare or any Solana Pay wallet'}. This page unlocks by itself once your
            payment lands.
          </p>
          {request && (
            <p data-testid="solana-pay-expiry">
              Pay this code by <time dateTime={new Date(request.expiresAt).toISOString()}>{payBy(request.expiresAt)}</time>; a fresh one replaces it then.
            </p>
          )}
          <p className={styles.status} role="status">
            {watching && <span className={dialog.spinner} aria-hidden="true" />}
            {(phase === 'unavailable' && reason) || STATUS[phase]}
          </p>
          {request && (
            <a className={styles.fallback} href={request.transferUrl}>
              Wallet cannot read it? Pay with a transfer request
            </a>
          )}
          {!watching && (
            <button type="button" className={`${button.button} ${button.ghost} ${button.small}`} onClick={checkAgain}>
              {phase === 'unavailable' ? 'Try again' : 'Check again'}
            </button>
          )}
        </div>
      </div>
    </section>
  );
}
