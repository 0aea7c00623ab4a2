'use client';

import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

/** What counts as a visitor starting to use the page. */
const EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'wheel', 'scroll', 'keydown', 'focusin'] as const;

let interacted = false;
const listeners = new Set<() => void>();

function markInteracted() {
  interacted = true;
  for (const event of EVENTS) window.removeEventListener(event, markInteracted, true);
  for (const listener of listeners) listener();
}

// Listening from the moment this module runs, before hydration, so an early touch is not missed.
if (typeof window !== 'undefined') {
  for (const event of EVENTS) window.addEventListener(event, markInteracted, { capture: true, passive: true });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * True once the visitor has moved, touched, scrolled or typed anywhere on the page: enhancements
 * (Swiper) load then, so a visit that only looks downloads none of their code (the JavaScript budget
 * counts everything fetched before any interaction). One set of listeners serves every carousel.
 */
function useFirstInteraction(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => interacted,
    () => false,
  );
}

/**
 * True once the visitor has interacted and `load()` (the enhancement's code) has arrived; false
 * before, and if it fails (logged), so the caller keeps what it rendered without it. The switch is a
 * transition: what is on screen stays (with its scroll position) until the replacement can render.
 */
export function useReadyOnInteraction(load: () => Promise<unknown>): boolean {
  const interactedNow = useFirstInteraction();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!interactedNow || ready) return;
    let live = true;
    load().then(
      () => live && startTransition(() => setReady(true)),
      (error: unknown) => console.error('[enhancement] could not load', error),
    );
    return () => {
      live = false;
    };
  }, [interactedNow, ready, load]);
  return ready;
}
