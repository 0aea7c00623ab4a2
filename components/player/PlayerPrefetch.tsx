'use client';

import { useEffect } from 'react';
import { warmPlayer } from './warmPlayer';

/** Longer than the 500 ms of quiet that network idle is (Playwright's, Lighthouse's): the prefetch begins after it. */
export const SETTLED_QUIET_MS = 1_000;

let settled: Promise<void> | undefined;

/**
 * Resolves once the page has loaded and then gone SETTLED_QUIET_MS with no resource finishing, in an idle callback:
 * what the page asked for is in, and nothing the visitor is waiting on shares the link with the prefetch.
 */
const pageSettled = () =>
  (settled ??= new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout>;
    const quiet = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        observer.disconnect();
        (self.requestIdleCallback ?? setTimeout)(() => resolve());
      }, SETTLED_QUIET_MS);
    };
    const observer = new PerformanceObserver(quiet);
    const watch = () => {
      observer.observe({ type: 'resource' });
      quiet();
    };
    if (document.readyState === 'complete') watch();
    else addEventListener('load', watch, { once: true });
  }));

/**
 * Beside a title page's own Play button: once hydrated (so the page has painted), the code that plays `src` is fetched
 * when the page has settled. Its own module, so the pages of cards (`/`, a series), which never prefetch on idle,
 * carry none of this.
 */
export function PlayerPrefetch({ src }: { src: string }) {
  useEffect(() => void pageSettled().then(() => warmPlayer(src)), [src]);
  return null;
}
