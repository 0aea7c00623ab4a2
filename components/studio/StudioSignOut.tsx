'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { studioApi } from '@/lib/routes';
import button from '../ui/button.module.css';

/** Ends the studio session in this browser (it would run out by itself). */
export function StudioSignOut() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    try {
      await fetch(studioApi.session, { method: 'DELETE' });
    } finally {
      setBusy(false);
      router.refresh();
    }
  };
  return (
    <button type="button" className={`${button.button} ${button.ghost} ${button.small}`} disabled={busy} onClick={() => void signOut()}>
      Sign out
    </button>
  );
}
