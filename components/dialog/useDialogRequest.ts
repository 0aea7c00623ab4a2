'use client';

import { useCallback, useRef, useState } from 'react';

/**
 * What a page-level dialog (the player, the purchase) is showing, and where focus goes when it
 * closes: back to the control that opened it. A carousel may have re-rendered that control meanwhile
 * (it becomes a Swiper at the first interaction), so a control that is gone is found again by its
 * `data-opener` key. Showing something else while open (the next episode) keeps the first opener.
 */
export function useDialogRequest<Request>() {
  const [request, setRequest] = useState<Request | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const showing = useRef(false);

  const show = useCallback((next: Request, control?: HTMLElement) => {
    if (control) opener.current = control;
    else if (!showing.current) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    showing.current = true;
    setRequest(next);
  }, []);

  const close = useCallback(() => {
    showing.current = false;
    setRequest(null);
    const control = opener.current;
    const key = control?.dataset.opener;
    const target = control?.isConnected ? control : key ? document.querySelector<HTMLElement>(`[data-opener="${CSS.escape(key)}"]`) : null;
    target?.focus();
  }, []);

  return { request, show, close };
}
