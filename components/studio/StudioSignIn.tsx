'use client';

import { useState } from 'react';
import button from '../ui/button.module.css';
import { onDemand } from '../ui/onDemand';

// Wallet code arrives with the dialog, on the click.
const StudioSignInDialog = onDemand(() => import('./StudioSignInDialog'));

/** "Sign in with a wallet": opens the studio for a studio wallet's one-time signature. */
export function StudioSignIn() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={`${button.button} ${button.solana}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Sign in with a wallet
      </button>
      {open && <StudioSignInDialog onClose={() => setOpen(false)} />}
    </>
  );
}
