'use client';

import { Children, isValidElement, lazy, useRef, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import styles from './Carousel.module.css';
import { useReadyOnInteraction } from './useFirstInteraction';

type Props = { label: string; loop: boolean; children: React.ReactNode };

// Swiper is an enhancement: it loads at the visitor's first interaction, so a visit that only looks
// never downloads it; until then the plain track scrolls, snaps and answers the arrows.
const loadSwiperTrack = () => import('./SwiperTrack');
const SwiperTrack = lazy(loadSwiperTrack);

/** A row of cards. Arrow buttons, the arrow keys (on the focused row) and tabbing into a card all move it. */
export function Carousel({ label, loop, children }: Props) {
  const enhanced = useReadyOnInteraction(loadSwiperTrack);
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [atStart, setAtStart] = useState(!loop);
  const [atEnd, setAtEnd] = useState(false);
  const staticTrack = useRef<HTMLDivElement>(null);
  /** The first card the plain track was scrolled to: Swiper starts there, so nothing jumps when it arrives. */
  const [startSlide, setStartSlide] = useState(0);
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

  function rememberPlainPosition(event: React.UIEvent<HTMLDivElement>) {
    const [first, second] = Array.from(event.currentTarget.children, (slide) => (slide as HTMLElement).offsetLeft);
    const step = first !== undefined && second !== undefined ? second - first : 0;
    if (step > 0) setStartSlide(Math.round(event.currentTarget.scrollLeft / step));
  }

  // Until Swiper is here: the same widths in a native scroll-snapping row, so nothing moves when it arrives.
  const plainTrack = (
    <div ref={staticTrack} className={`${styles.swiper} ${styles.staticTrack}`} onScroll={rememberPlainPosition}>
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
    <div className={styles.carousel} role="group" aria-roledescription="carousel" aria-label={label} tabIndex={0} onKeyDown={onKeyDown}>
      <button type="button" className={`${styles.arrow} ${styles.prev}`} disabled={atStart} onClick={() => move(-1)}>
        <ChevronLeftIcon />
        <span className="visually-hidden">Previous {label}</span>
      </button>
      {/*
       * No Suspense boundary: the switch is a transition, so the plain track stays until Swiper can
       * render. (Around a row this size, a boundary made React send every card twice in the HTML,
       * once as its fallback and again after it.)
       */}
      {enhanced ? (
        <SwiperTrack
          loop={loop}
          initialSlide={startSlide}
          slides={slides}
          onReady={(instance) => {
            setSwiper(instance);
            trackEdges(instance);
          }}
          onMove={trackEdges}
        />
      ) : (
        plainTrack
      )}
      <button type="button" className={`${styles.arrow} ${styles.next}`} disabled={atEnd} onClick={() => move(1)}>
        <ChevronRightIcon />
        <span className="visually-hidden">Next {label}</span>
      </button>
    </div>
  );
}
