'use client';

import { useEffect } from 'react';
import { track, type InsightEvent } from '@/lib/analytics/track';

/** Records an event when a server-rendered state is shown (a search with no results), once per change. */
export function TrackOnView({ event }: { event: InsightEvent }) {
  const key = JSON.stringify(event);
  useEffect(() => track(JSON.parse(key) as InsightEvent), [key]);
  return null;
}
