'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { INTENT_LINK_ATTRIBUTE } from './IntentLink';

/** The IntentLink (always a page of this site, in this tab) an event happened in, if any. */
const intentLink = (event: Event) => (event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${INTENT_LINK_ATTRIBUTE}]`) : null);

/**
 * What next/link did for each link, done once for every IntentLink of the document: a click is a client-side
 * navigation (Next's router, so the layout, the player and purchases stay), and a route is prefetched the first
 * time a visitor shows intent for one of its links (a pointer over it, a touch, keyboard focus). Listening on the
 * document, after React's own listeners there, a link's own click handler runs first and may still prevent it;
 * a click with a modifier key or another button is left to the browser (a new tab, a new window).
 */
export function LinkNavigator() {
  const router = useRouter();
  useEffect(() => {
    const prefetched = new Set<string>();
    const prefetch = (event: Event) => {
      const link = intentLink(event);
      if (!link || prefetched.has(link.href)) return;
      prefetched.add(link.href);
      router.prefetch(link.href);
    };
    const navigate = (event: MouseEvent) => {
      const link = intentLink(event);
      if (!link || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      router.push(`${link.pathname}${link.search}${link.hash}`);
    };
    // pointerover comes with a touch too, before its click.
    document.addEventListener('pointerover', prefetch, { passive: true });
    document.addEventListener('focusin', prefetch);
    document.addEventListener('click', navigate);
    return () => {
      document.removeEventListener('pointerover', prefetch);
      document.removeEventListener('focusin', prefetch);
      document.removeEventListener('click', navigate);
    };
  }, [router]);
  return null;
}
