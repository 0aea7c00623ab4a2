'use client';

import { useState, type ReactNode } from 'react';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';

/** A paid gift: its link to send (the first wallet to claim it owns the title), with the payment's receipt under it. */
export function GiftReady({ link, children }: { link: string; children: ReactNode }) {
  const url = new URL(link, window.location.origin).toString();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className={styles.body}>
      <p>Your gift is paid. Send this link to the person it is for: the first wallet that opens it and signs owns the title. Keep it private until then.</p>
      <input className={styles.giftLink} value={url} readOnly aria-label="Gift link" data-testid="gift-link" onFocus={(event) => event.target.select()} />
      <div className={styles.actions}>
        <button type="button" className={`${button.button} ${button.primary}`} onClick={copy}>
          {copied ? 'Copied' : 'Copy link'}
        </button>
      </div>
      <p className={styles.explain}>It is also listed under My purchases, with whether it was claimed.</p>
      {children}
    </div>
  );
}
