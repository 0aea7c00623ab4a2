'use client';

import Link from 'next/link';
import { useState, type ComponentProps } from 'react';

/**
 * next/link that prefetches on intent (pointer over it, touch, keyboard focus) instead of whenever it
 * scrolls into view: a first visit downloads no other route's code, which keeps it inside the
 * JavaScript budget, and a click is still preceded by a prefetch (the pattern Next's docs give).
 */
export function IntentLink({ onPointerEnter, onTouchStart, onFocus, ...props }: ComponentProps<typeof Link>) {
  const [intent, setIntent] = useState(false);
  return (
    <Link
      {...props}
      prefetch={intent ? null : false}
      onPointerEnter={(event) => {
        setIntent(true);
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        setIntent(true);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        setIntent(true);
        onFocus?.(event);
      }}
    />
  );
}
