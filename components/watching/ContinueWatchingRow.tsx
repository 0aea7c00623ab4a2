'use client';

import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { PROGRESS_EVENT, parseProgress, progressSnapshot } from '@/lib/watching/progress';
import { Carousel } from '../carousel/Carousel';
import { Section } from '../layout/Section';
import { ContinueWatchingCard } from './ContinueWatchingCard';

function subscribe(onChange: () => void) {
  window.addEventListener(PROGRESS_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(PROGRESS_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** Every video this browser stopped in, most recent first, kept up to date as the viewer watches. */
export default function ContinueWatchingRow() {
  const snapshot = useSyncExternalStore(subscribe, progressSnapshot, () => '[]');
  const entries = useMemo(() => parseProgress(snapshot), [snapshot]);

  // Nothing left (all watched or removed): give the room back.
  useEffect(() => {
    if (entries.length === 0) document.documentElement.removeAttribute('data-continue');
  }, [entries.length]);

  if (entries.length === 0) return null;
  return (
    <Section id="continue-watching" title="Continue watching">
      <Carousel label="Continue watching" loop={false}>
        {entries.map((entry) => (
          <ContinueWatchingCard key={entry.path} entry={entry} />
        ))}
      </Carousel>
    </Section>
  );
}
