'use client';

import Image from 'next/image';
import { useState } from 'react';
import { DEFAULT_COVER, isRemoteCover } from '@/lib/catalog/cover-urls';

type Props = {
  src: string | null;
  alt: string;
  sizes: string;
  /** For the one cover that is the page's main image: fetched at once, at high priority. */
  eager?: boolean;
  className?: string;
};

/** A cover that falls back to the default image when it is missing or fails to load. */
export function CoverImage({ src, alt, sizes, eager = false, className }: Props) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const current = src && src !== failedSrc ? src : DEFAULT_COVER;
  return (
    <Image
      src={current}
      alt={alt}
      fill
      sizes={sizes}
      preload={eager}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      className={className}
      unoptimized={isRemoteCover(current)}
      data-fallback={current === DEFAULT_COVER || undefined}
      onError={() => {
        if (current !== DEFAULT_COVER) setFailedSrc(current);
      }}
    />
  );
}
