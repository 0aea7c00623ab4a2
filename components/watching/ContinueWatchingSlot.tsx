'use client';

import { useSyncExternalStore } from 'react';
import { onDemand } from '../ui/onDemand';

// The row's code arrives only in a browser with something to continue: a first visit pays nothing for it.
const ContinueWatchingRow = onDemand(() => import('./ContinueWatchingRow'));

const flagged = () => document.documentElement.hasAttribute('data-continue');
const never = () => () => {};

/** Nothing until the inline script has flagged the page (see ContinueWatching); then the row. */
export function ContinueWatchingSlot() {
  return useSyncExternalStore(never, flagged, () => false) ? <ContinueWatchingRow /> : null;
}
