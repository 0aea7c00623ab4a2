'use client';

import { useRef, useState } from 'react';
import button from '../ui/button.module.css';
import { onDemand } from '../ui/onDemand';

// Wallet code arrives with the dialog, on the click.
const ClaimGiftDialog = onDemand(() => import('./ClaimGiftDialog'));

/** "Claim this gift": the wallet signs a one-time message, and the title is its own, in this browser. */
export function ClaimGiftButton({ gift, title, path }: { gift: string; title: string; path: string }) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={buttonRef} type="button" className={`${button.button} ${button.solana}`} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Claim with a wallet
      </button>
      {open && (
        <ClaimGiftDialog
          gift={gift}
          title={title}
          path={path}
          onClose={() => {
            setOpen(false);
            buttonRef.current?.focus();
          }}
        />
      )}
    </>
  );
}
