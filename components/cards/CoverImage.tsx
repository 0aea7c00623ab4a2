import { getImageProps } from 'next/image';
import { preload } from 'react-dom';
import { COVER_ATTRIBUTE, DEFAULT_COVER, isRemoteCover } from '@/lib/catalog/default-cover';
import styles from './CoverImage.module.css';

type Props = {
  src: string | null;
  alt: string;
  sizes: string;
  /** For the one cover that is the page's main image: preloaded from the head, at high priority. */
  eager?: boolean;
  className?: string;
};

/**
 * A title's cover: plain markup, no client code, so a page of cards hydrates no component per cover.
 * A cover that fails to load is swapped for the default image by COVER_FALLBACK_SCRIPT (in the
 * layout's head, listening before the first image starts), which finds it by its data attribute.
 */
export function CoverImage({ src, alt, sizes, eager = false, className }: Props) {
  const current = src ?? DEFAULT_COVER;
  const { src: url, srcSet } = getImageProps({ src: current, alt, fill: true, sizes, unoptimized: isRemoteCover(current) }).props;
  if (eager) preload(url, { as: 'image', imageSrcSet: srcSet, imageSizes: sizes, fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- getImageProps made its optimised sources; its inline fill style is a class here
    <img
      src={url}
      srcSet={srcSet}
      sizes={sizes}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      // The main image paints with the page's first frame, not a frame later: by then the scripts have run,
      // and a phone waits for them too.
      decoding={eager ? 'sync' : 'async'}
      // Covers beside the page's main image (the hero, a title's cover) must not take its bandwidth.
      fetchPriority={eager ? 'high' : 'low'}
      className={className ? `${styles.fill} ${className}` : styles.fill}
      {...{ [COVER_ATTRIBUTE]: '' }}
      data-fallback={current === DEFAULT_COVER || undefined}
    />
  );
}
