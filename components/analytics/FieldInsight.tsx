'use client';

import { usePathname } from 'next/navigation';
import { useReportWebVitals } from 'next/web-vitals';
import { useEffect, useSyncExternalStore } from 'react';
import { consentSnapshot, storeConsent, subscribeConsent, visitorOptedOut } from '@/lib/analytics/privacy';
import { silenceInsight, track } from '@/lib/analytics/track';
import type { FirebaseWebConfig } from '@/lib/analytics/config';
import { KIND_LIST, KINDS } from '@/lib/catalog/kinds';
import { ConsentBanner } from './ConsentBanner';

/** Title pages, whose visits are the "title opened" event: /watch/trailers/…, /series/…, /short-films/…. */
const TITLE_PAGE = new RegExp(`^(${KIND_LIST.map((kind) => KINDS[kind].pageBase).join('|')})/[^/]+`);

/** One callback for the page's life: a new one per render would subscribe again and report every metric twice. */
const reportWebVital = (metric: { name: string; value: number; rating: string }) =>
  track({ name: 'web_vitals', params: { metric: metric.name, value: Math.round(metric.value * 1000) / 1000, rating: metric.rating } });

function whenIdle(run: () => void) {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 5_000 });
  else window.setTimeout(run, 2_000);
}

/**
 * Field insight for the operator, rendered only when the Firebase web config is set (the layout
 * decides at build time, so an unconfigured site ships none of this). The SDK loads after the page
 * is idle, never when the visitor sends Global Privacy Control or Do Not Track, and, where the
 * operator asks for consent, only after the visitor agrees.
 */
export function FieldInsight({ config, consentRequired }: { config: FirebaseWebConfig; consentRequired: boolean }) {
  // 'unknown' while rendering on the server and hydrating: nothing is decided before the browser is asked.
  const consent = useSyncExternalStore(subscribeConsent, consentSnapshot, () => 'unknown');
  const optedOut = useSyncExternalStore(subscribeConsent, visitorOptedOut, () => false);
  const pathname = usePathname();
  const decided = consent !== 'unknown';
  const allowed = decided && !optedOut && (!consentRequired || consent === 'granted');

  useEffect(() => {
    if (!decided) return;
    if (!allowed) {
      if (optedOut || consent === 'denied') silenceInsight();
      return;
    }
    whenIdle(() => void import('@/lib/analytics/firebase-web').then(({ startFieldInsight }) => startFieldInsight(config)));
  }, [decided, allowed, optedOut, consent, config]);

  useEffect(() => {
    if (TITLE_PAGE.test(pathname)) track({ name: 'title_opened', params: { title_path: pathname } });
  }, [pathname]);

  useReportWebVitals(reportWebVital);

  return consentRequired && consent === 'unanswered' && !optedOut ? <ConsentBanner onAnswer={storeConsent} /> : null;
}
