'use client';

import { useId, useState, type FormEvent } from 'react';
import { PaymentApiError, quoteCode, type CodeQuoteAnswer } from '@/lib/payments/browser/api';
import type { PurchaseKind } from '@/lib/payments/checkout/offers';
import button from '../ui/button.module.css';
import styles from './PurchaseDialog.module.css';

interface Props {
  path: string;
  kind: PurchaseKind;
  applied: CodeQuoteAnswer | null;
  onApplied: (quote: CodeQuoteAnswer | null) => void;
  disabled: boolean;
}

/** The pay dialog's code: the server says what it makes the price (or why it does not apply) before anything is paid. */
export function CodeField({ path, kind, applied, onApplied, disabled }: Props) {
  const id = useId();
  const [text, setText] = useState('');
  const [checking, setChecking] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  const apply = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setChecking(true);
    setReason(null);
    try {
      onApplied(await quoteCode(path, kind, text.trim()));
    } catch (error) {
      setReason(error instanceof PaymentApiError && error.fromServer ? error.message : 'The code could not be checked just now. Please try again.');
    } finally {
      setChecking(false);
    }
  };
  if (applied) {
    return (
      <p className={styles.code} data-testid="purchase-code">
        <span>
          Code <strong>{applied.code}</strong>: {applied.off}
        </span>
        <button type="button" className={`${button.button} ${button.ghost} ${button.small}`} onClick={() => onApplied(null)} disabled={disabled}>
          Remove
        </button>
      </p>
    );
  }
  return (
    <form className={styles.code} onSubmit={(event) => void apply(event)}>
      <label htmlFor={id}>Code</label>
      <input id={id} value={text} onChange={(event) => setText(event.target.value)} autoComplete="off" autoCapitalize="characters" maxLength={32} />
      <button type="submit" className={`${button.button} ${button.secondary} ${button.small}`} disabled={disabled || checking || !text.trim()}>
        {checking ? 'Checking…' : 'Apply'}
      </button>
      {reason && (
        <span role="alert" className={styles.codeReason} data-testid="purchase-code-reason">
          {reason}
        </span>
      )}
    </form>
  );
}
