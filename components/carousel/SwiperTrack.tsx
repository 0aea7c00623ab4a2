'use client';

import type { ReactNode } from 'react';
import type { Swiper as SwiperInstance } from 'swiper';
import { A11y } from 'swiper/modules';
import { Swiper, SwiperSlide } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import { prefersReducedMotion } from '../ui/motion';
import styles from './Carousel.module.css';

/** Slides per view by window width; arrows appear from 1000 px (see the CSS). */
const BREAKPOINTS = {
  600: { slidesPerView: 3 },
  1000: { slidesPerView: 4 },
  1400: { slidesPerView: 6 },
};

/** Swiper's own default slide. */
const SLIDE_MS = 300;

type Props = {
  loop: boolean;
  /** The card to start at: where the plain track was before Swiper arrived. */
  initialSlide: number;
  slides: { key: string; node: ReactNode }[];
  onReady: (swiper: SwiperInstance) => void;
  onMove: (swiper: SwiperInstance) => void;
};

/** The Swiper track of a Carousel, loaded at the visitor's first interaction so swiper stays out of a first visit. */
export default function SwiperTrack({ loop, initialSlide, slides, onReady, onMove }: Props) {
  return (
    <Swiper
      className={styles.swiper}
      modules={[A11y]}
      slidesPerView={1}
      spaceBetween={20}
      breakpoints={BREAKPOINTS}
      loop={loop}
      // Less motion asked for: the row moves at once. Swiper's slide under the global CSS that cuts transitions to
      // 0.01 ms left it "animating" after a looped move, so the row no longer settled.
      speed={prefersReducedMotion() ? 0 : SLIDE_MS}
      initialSlide={initialSlide}
      watchSlidesProgress
      onSwiper={onReady}
      onSlideChange={onMove}
      onBreakpoint={onMove}
      onResize={onMove}
    >
      {slides.map(({ key, node }) => (
        <SwiperSlide key={key} className={styles.slide}>
          {node}
        </SwiperSlide>
      ))}
    </Swiper>
  );
}
