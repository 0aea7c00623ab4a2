import { initializeApp } from 'firebase/app';
import { getAnalytics, isSupported, logEvent } from 'firebase/analytics';
import { getPerformance } from 'firebase/performance';
import type { FirebaseWebConfig } from './config';
import { connectInsight } from './track';

/**
 * The Firebase web SDK's real job here: Analytics for the events (track.ts) and Web Vitals, and
 * Performance Monitoring for page-load and network traces. Imported only after the page is idle,
 * only when configured and allowed (see FieldInsight), so no page pays for it up front.
 */
export async function startFieldInsight(config: FirebaseWebConfig) {
  if (!(await isSupported())) return;
  const app = initializeApp(config);
  const analytics = getAnalytics(app);
  getPerformance(app);
  connectInsight((event) => logEvent(analytics, event.name, event.params));
}
