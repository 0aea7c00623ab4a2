'use client';

import { useRef, useState } from 'react';
import button from '../ui/button.module.css';
import { onDemand } from '../ui/onDemand';

// Wallet code arrives with the dialog, on the click.
const RestoreDialog = onDemand(() => import('./RestoreDialog'));

/** "Restore my purchases": proves wallet ownership by a signed message and re-issues its titles here. */
export function RestorePurchasesButton() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={buttonRef} type="button" className={`${button.button} ${button.secondary}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Restore my purchases
      </button>
      {open && (
        <RestoreDialog
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
