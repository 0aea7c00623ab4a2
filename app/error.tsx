'use client';

import { onDemand } from '@/components/ui/onDemand';

/**
 * The root segment's error boundary, which Next loads with every page: only this wrapper comes with a first visit,
 * and the error screen's code is fetched once a page has failed (issue 33).
 */
export default onDemand(() => import('@/components/feedback/RouteErrorScreen'));
