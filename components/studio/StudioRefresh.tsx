'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';

/** The studio's figures are drawn on the server: drawn again every `seconds` while the tab is visible. */
export function StudioRefresh({ seconds }: { seconds: number }) {
  const router = useRouter();
  useEffect(() => {
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') router.refresh();
    }, seconds * 1000);
    return () => clearInterval(timer);
  }, [router, seconds]);
  return null;
}
