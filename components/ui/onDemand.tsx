'use client';

import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code is fetched the first time it renders, showing nothing meanwhile. For parts
 * that render only after a visitor acts (a dialog, the player): React's own lazy, not next/dynamic,
 * whose loader would add a kilobyte to every page's first visit.
 */
export function onDemand<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>) {
  const Loaded = lazy(load);
  return function OnDemand(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
