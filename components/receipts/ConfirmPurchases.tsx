'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { fetchEntitlements } from '@/lib/payments/browser/api';
import guides from '@/components/guides/guides.module.css';

/**
 * A browser that only says it owns something (the readable hint, no signed proof: an older browser, or one after a key
 * rotation) gets no ledger read from a receipt page. This asks the rate-limited library route, whose answer proves a real
 * owner, then draws the page again with the proof; a browser that owns nothing is told so.
 */
export function ConfirmPurchases({ empty }: { empty: string }) {
  const router = useRouter();
  const [state, setState] = useState<'asking' | 'empty' | 'failed'>('asking');
  useEffect(() => {
    let cancelled = false;
    fetchEntitlements().then(
      ({ paths, rentals }) => {
        if (cancelled) return;
        if (paths.length + rentals.length > 0) router.refresh();
        else setState('empty');
      },
      () => !cancelled && setState('failed'),
    );
    return () => {
      cancelled = true;
    };
  }, [router]);
  if (state === 'empty') return <p className={guides.sectionText}>{empty}</p>;
  return (
    <p className={guides.sectionText} role={state === 'failed' ? 'alert' : 'status'}>
      {state === 'failed'
        ? 'Your purchases could not be confirmed just now; they are safe. Please reload in a moment.'
        : 'Confirming this browser’s purchases…'}
    </p>
  );
}
