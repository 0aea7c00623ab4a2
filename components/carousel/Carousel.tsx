'use client';

import { Children, isValidElement, lazy, Suspense, useEffect, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import styles from './Carousel.module.css';

type Props = { label: string; loop: boolean; children: React.ReactNode };

// Swiper is an enhancement: it loads once the page has, so it is never part of the first load.
const SwiperTrack = lazy(() => import('./SwiperTrack'));

function usePageLoaded() {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const done = () => setLoaded(true);
    if (document.readyState === 'complete') {
      const timer = setTimeout(done, 0);
      return () => clearTimeout(timer);
    }
    window.addEventListener('load', done, { once: true });
    return () => window.removeEventListener('load', done);
  }, []);
  return loaded;
}

/** A row of cards. Arrow buttons, the arrow keys (on the focused row) and tabbing into a card all move it. */
export function Carousel({ label, loop, children }: Props) {
  const loaded = usePageLoaded();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [atStart, setAtStart] = useState(!loop);
  const [atEnd, setAtEnd] = useState(false);
  const staticTrack = useRef<HTMLDivElement>(null);
  const slides = Children.toArray(children).map((node, index) => ({ key: String(isValidElement(node) ? node.key : index), node }));

  const trackEdges = (instance: SwiperInstance) => {
    setAtStart(!loop && instance.isBeginning);
    setAtEnd(!loop && instance.isEnd);
  };

  /** Before Swiper is here, the arrows scroll the plain track by a screenful. */
  const move = (direction: 1 | -1) => {
    if (swiper) return direction > 0 ? swiper.slideNext() : swiper.slidePrev();
    const track = staticTrack.current;
    track?.scrollBy({ left: direction * track.clientWidth, behavior: 'smooth' });
  };

  // Until Swiper is here: the same widths in a native scroll-snapping row, so nothing moves when it arrives.
  const plainTrack = (
    <div ref={staticTrack} className={`${styles.swiper} ${styles.staticTrack}`}>
      {slides.map(({ key, node }) => (
        <div key={key} className={styles.slide}>
          {node}
        </div>
      ))}
    </div>
  );

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    else if (event.key === 'ArrowRight') move(1);
  };

  return (
    // Focusable itself, so the arrow keys keep working when Swiper re-orders (and so blurs) a looping slide.
    <div
      className={styles.carousel}
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <button
        type="button"
        className={`${styles.arrow} ${styles.prev}`}
        disabled={atStart}
        onClick={() => move(-1)}
      >
        <ChevronLeftIcon />
        <span className="visually-hidden">Previous {label}</span>
      </button>
      {loaded ? (
        <Suspense fallback={plainTrack}>
          <SwiperTrack
            loop={loop}
            slides={slides}
            onReady={(instance) => {
              setSwiper(instance);
              trackEdges(instance);
            }}
            onMove={trackEdges}
          />
        </Suspense>
      ) : (
        plainTrack
      )}
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        disabled={atEnd}
        onClick={() => move(1)}
      >
        <ChevronRightIcon />
        <span className="visually-hidden">Next {label}</span>
      </button>
    </div>
  );
}
