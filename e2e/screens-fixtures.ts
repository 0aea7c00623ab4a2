import type { Locator, Page } from '@playwright/test';
import { expect } from './support/offline';

// Every screens test runs offline, through the suite's shared fixture.
export { expect, test } from './support/offline';
export { carouselsReady } from './support/purchase';

/** A home-page band by its heading: "trailers", "documentaries", "short-films", "series". */
export const band = (page: Page, id: string) => page.locator(`section[aria-labelledby="${id}-heading"]`);

/** Slides entirely inside their carousel's visible track. */
export async function slidesInView(carousel: Locator) {
  return carousel.locator('.swiper').evaluate((track) => {
    const box = track.getBoundingClientRect();
    return Array.from(track.querySelectorAll('.swiper-slide')).filter((slide) => {
      const rect = slide.getBoundingClientRect();
      return rect.width > 0 && rect.left >= box.left - 1 && rect.right <= box.right + 1;
    }).length;
  });
}

/** Whether the hero video is playing right now. */
export const heroPaused = (page: Page) => page.locator('section[aria-labelledby="hero-title"] video').evaluate((video: HTMLVideoElement) => video.paused);

/** Resolves after two rendering steps, by which time IntersectionObserver callbacks have run. */
export const afterNextFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/** Waits until a carousel has finished sliding (a looping Swiper ignores moves made mid-slide). */
export async function carouselAtRest(carousel: Locator) {
  const track = carousel.locator('.swiper');
  await expect.poll(() => track.evaluate((element) => (element as HTMLElement & { swiper?: { animating: boolean } }).swiper?.animating)).toBe(false);
}
