import type { Locator } from '@playwright/test';
import { longestFreeSeason } from './screens-catalog';
import { band, carouselAtRest, expect, slidesInView, test, carouselsReady } from './screens-fixtures';

const activeIndex = (carousel: Locator) => carousel.locator('.swiper-slide-active').getAttribute('data-swiper-slide-index');

test('carousels show 1, 3, 4 and 6 cards from 0, 600, 1000 and 1400 px, 20 px apart, with arrows from 1000 px', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await carouselsReady(page);
  for (const id of ['trailers', 'documentaries']) {
    const carousel = band(page, id);
    const next = carousel.getByRole('button', { name: /^Next/ });
    const cases: [number, number, boolean][] = [
      [375, 1, false],
      [599, 1, false],
      [600, 3, false],
      [999, 3, false],
      [1000, 4, true],
      [1399, 4, true],
      [1400, 6, true],
    ];
    for (const [width, perView, arrows] of cases) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(() => slidesInView(carousel), { message: `${id} at ${width}px` }).toBe(perView);
      await (arrows ? expect(next).toBeVisible() : expect(next).toBeHidden());
    }
    const [first, second] = await carousel
      .locator('.swiper-slide-visible')
      .evaluateAll((slides) => slides.slice(0, 2).map((slide) => slide.getBoundingClientRect()));
    expect(Math.round((second?.left ?? 0) - (first?.right ?? 0))).toBe(20);
    await page.setViewportSize({ width: 375, height: 800 });
  }
});

test('a visit that only looks gets plain scroll-snap rows; the first interaction makes them Swipers, at the card the row was on', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/', { waitUntil: 'networkidle' });
  const trailers = band(page, 'trailers');
  await expect(trailers.locator('[aria-roledescription="carousel"]')).toBeVisible();
  expect(await page.locator('.swiper-initialized').count()).toBe(0);
  // A phone visitor swipes the row natively to its third card: that is the first interaction.
  await trailers
    .getByRole('group', { name: 'Trailers', exact: true })
    .locator('div')
    .first()
    .evaluate((track) => {
      const [first, second] = Array.from(track.children, (slide) => (slide as HTMLElement).offsetLeft);
      track.scrollTo({ left: 2 * (second! - first!) });
    });
  await expect(trailers.locator('.swiper-initialized')).toBeAttached();
  await expect(trailers.locator('.swiper-slide-active')).toHaveAttribute('data-swiper-slide-index', '2');
});

// Moves slide with motion and jump without it (SwiperTrack): both must land and settle.
for (const reducedMotion of ['no-preference', 'reduce'] as const) {
  test.describe(`motion: ${reducedMotion}`, () => {
    test.use({ contextOptions: { reducedMotion } });
    test('home carousels loop and follow the arrow keys', async ({ page }) => {
      await page.goto('/');
      await carouselsReady(page);
      const trailers = band(page, 'trailers');
      const count = await trailers.locator('.swiper-slide').count();
      const active = trailers.locator('.swiper-slide-active');
      const expectActive = async (index: number) => {
        await expect(active).toHaveAttribute('data-swiper-slide-index', String(index));
        await carouselAtRest(trailers);
      };
      await expectActive(0);

      // Backwards from the first trailer wraps around to the last.
      const previous = trailers.getByRole('button', { name: 'Previous Trailers' });
      await expect(previous).toBeEnabled();
      await previous.click();
      await expectActive(count - 1);
      await trailers.getByRole('button', { name: 'Next Trailers' }).click();
      await expectActive(0);

      // Keyboard: with focus on the row, the arrow keys move it.
      await trailers.getByRole('group', { name: 'Trailers', exact: true }).focus();
      await page.keyboard.press('ArrowRight');
      await expectActive(1);
      await page.keyboard.press('ArrowLeft');
      await expectActive(0);
      await page.keyboard.press('ArrowLeft');
      await expectActive(count - 1);

      const documentaries = band(page, 'documentaries');
      await expect(documentaries.getByRole('button', { name: 'Previous Documentaries' })).toBeEnabled();
    });
  });
}

test('episode carousels stop at both ends instead of looping', async ({ page }) => {
  // At 1000 px four cards show, so a season of five or more has somewhere to go.
  await page.setViewportSize({ width: 1000, height: 900 });
  const { seriesId, seasonId } = longestFreeSeason();
  await page.goto(`/series/${seriesId}/season/${seasonId}`);
  await carouselsReady(page);
  const episodes = band(page, 'episodes');
  const slides = episodes.locator('.swiper-slide');
  const count = await slides.count();
  const previous = episodes.getByRole('button', { name: 'Previous Episodes' });
  const next = episodes.getByRole('button', { name: 'Next Episodes' });

  await expect(previous).toBeDisabled();
  expect(await activeIndex(episodes)).toBeNull(); // no loop: Swiper does not re-index slides
  await expect(slides.first()).toHaveClass(/swiper-slide-active/);
  await episodes.getByRole('group', { name: 'Episodes', exact: true }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(slides.first()).toHaveClass(/swiper-slide-active/);

  for (let step = 0; step < count && (await next.isEnabled()); step++) {
    await next.click();
    await carouselAtRest(episodes);
  }
  await expect(next).toBeDisabled();
  await expect(slides.last()).toHaveClass(/swiper-slide-visible/);
  await expect(previous).toBeEnabled();
});

test('grids grow from 1 to 6 columns with the width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await carouselsReady(page);
  const grids = [band(page, 'series').locator('ul').first(), band(page, 'short-films').locator('ul').first()];
  const cases: [number, number][] = [
    [375, 1],
    [480, 2],
    [768, 3],
    [1000, 4],
    [1200, 5],
    [1440, 6],
  ];
  for (const [width, columns] of cases) {
    await page.setViewportSize({ width, height: 900 });
    for (const grid of grids) {
      const tracks = await grid.evaluate((element) => getComputedStyle(element).gridTemplateColumns.split(' ').length);
      expect(tracks, `${width}px`).toBe(columns);
    }
  }
});
