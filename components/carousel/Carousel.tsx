'use client';

import { Children, isValidElement, useState } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import styles from './Carousel.module.css';

/** Slides per view by window width; arrows appear from 1000 px (see the CSS). */
const BREAKPOINTS = {
  600: { slidesPerView: 3 },
  1000: { slidesPerView: 4 },
  1400: { slidesPerView: 6 },
};

type Props = { label: string; loop: boolean; children: React.ReactNode };

/** A row of cards. Arrow buttons, the arrow keys (on the focused row) and tabbing into a card all move it. */
export function Carousel({ label, loop, children }: Props) {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [atStart, setAtStart] = useState(!loop);
  const [atEnd, setAtEnd] = useState(false);
  const slides = Children.toArray(children);

  const trackEdges = (instance: SwiperInstance) => {
    setAtStart(!loop && instance.isBeginning);
    setAtEnd(!loop && instance.isEnd);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowLeft') swiper?.slidePrev();
    else if (event.key === 'ArrowRight') swiper?.slideNext();
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
        onClick={() => swiper?.slidePrev()}
      >
        <ChevronLeftIcon />
        <span className="visually-hidden">Previous {label}</span>
      </button>
      <Swiper
        className={styles.swiper}
        modules={[A11y]}
        slidesPerView={1}
        spaceBetween={20}
        breakpoints={BREAKPOINTS}
        loop={loop}
        watchSlidesProgress
        onSwiper={(instance) => {
          setSwiper(instance);
          trackEdges(instance);
        }}
        onSlideChange={trackEdges}
        onBreakpoint={trackEdges}
        onResize={trackEdges}
      >
        {slides.map((child, index) => (
          <SwiperSlide key={isValidElement(child) ? child.key : index} className={styles.slide}>
            {child}
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        className={`${styles.arrow} ${styles.next}`}
        disabled={atEnd}
        onClick={() => swiper?.slideNext()}
      >
        <ChevronRightIcon />
        <span className="visually-hidden">Next {label}</span>
      </button>
    </div>
  );
}
