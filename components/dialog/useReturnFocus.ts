'use client';

import { useCallback, useRef } from 'react';

/**
 * Where focus goes when a dialog closes: back to the control that opened it. A carousel may have
 * re-rendered that control meanwhile (it becomes a Swiper at the first interaction), so a control
 * that is gone is found again by its `data-opener` key.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback((control?: HTMLElement) => {
    opener.current = control ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
  }, []);
  const restore = useCallback(() => {
    const control = opener.current;
    const key = control?.dataset.opener;
    const target = control?.isConnected ? control : key ? document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(key)}"]`) : null;
    target?.focus();
  }, []);
  return { remember, restore };
}
