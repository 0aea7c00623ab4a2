import type { Page } from '@playwright/test';
import { content } from './support/catalog';
import { PHONE } from './support/ports';
import { expect, test } from './support/offline';

/*
 * What a first view costs a phone before anything else: bands below the first screen are not drawn
 * until they come near it, and the covers of the first screen leave the bandwidth to its main image.
 */

const [lockedSeriesId] = content.series.find(([, s]) => s.locked)!;

/** Whether the browser draws the element now (false inside a band it skips while far from the screen). */
const drawn = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));

test.describe('bands below the first screen', () => {
  test.use({ viewport: PHONE });

  test('the last band of the home page is drawn only once it nears the screen', async ({ page }) => {
    await page.goto('/');
    const lastCard = 'main section[aria-labelledby="series-heading"] article';
    await expect(page.locator(lastCard).first()).toBeAttached();
    expect(await drawn(page, lastCard), 'skipped while far below the first screen').toBe(false);
    await page.locator('main section[aria-labelledby="series-heading"]').scrollIntoViewIfNeeded();
    await expect.poll(() => drawn(page, lastCard)).toBe(true);
    // Skipped, not absent: crawlers, find-in-page and screen readers still have every card.
    await expect(page.getByRole('heading', { name: content.series[0]![1].title, exact: true })).toBeAttached();
  });
});

/**
 * The priority the browser gave each image of a visit, as it stood once the page settled: Chrome raises
 * an image it finds on the screen after layout, so the priority it asked with is not the whole story.
 */
async function imagePriorities(page: Page, path: string) {
  const session = await page.context().newCDPSession(page);
  const urls = new Map<string, string>();
  const priorities = new Map<string, string>();
  session.on('Network.requestWillBeSent', ({ requestId, request, type }) => {
    if (type !== 'Image') return;
    urls.set(requestId, request.url);
    priorities.set(request.url, request.initialPriority);
  });
  session.on('Network.resourceChangedPriority', ({ requestId, newPriority }) => {
    const url = urls.get(requestId);
    if (url) priorities.set(url, newPriority);
  });
  await session.send('Network.enable');
  await page.goto(path, { waitUntil: 'networkidle' });
  return priorities;
}

const covers = (priorities: Map<string, string>) => [...priorities].filter(([url]) => decodeURIComponent(url).includes('/media/covers/'));

test.describe('the main image is fetched first', () => {
  test.use({ viewport: PHONE });

  test('/: the hero poster at high priority, every cover of the first screen at low', async ({ page }) => {
    const priorities = await imagePriorities(page, '/');
    expect([...priorities].find(([url]) => url.endsWith('/media/hero-poster.jpg'))?.[1]).toBe('High');
    expect(covers(priorities).length, 'the first screen shows covers').toBeGreaterThan(0);
    expect(covers(priorities).filter(([, priority]) => priority !== 'Low')).toEqual([]);
  });

  test('a series page: its cover at high priority, every other cover at low', async ({ page }) => {
    const priorities = await imagePriorities(page, `/series/${lockedSeriesId}`);
    const main = await page.locator('main header img[alt$=" cover"]').evaluate((image: HTMLImageElement) => image.currentSrc);
    expect(priorities.get(main)).toBe('High');
    const others = covers(priorities).filter(([url]) => url !== main);
    expect(others.length, 'the page shows season covers').toBeGreaterThan(0);
    expect(others.filter(([, priority]) => priority !== 'Low')).toEqual([]);
  });
});
