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
    expect([...priorities].find(([url]) => decodeURIComponent(url).includes('/media/hero-poster.jpg'))?.[1]).toBe('High');
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

/** The page's requests in the order the browser sent them (the document first), each with the priority it asked with. */
async function requestsInOrder(page: Page, path: string) {
  const session = await page.context().newCDPSession(page);
  const requests: { url: string; type?: string; priority: string }[] = [];
  session.on('Network.requestWillBeSent', ({ request, type }) => void requests.push({ url: request.url, type, priority: request.initialPriority }));
  await session.send('Network.enable');
  await page.goto(path, { waitUntil: 'networkidle' });
  return requests.filter(({ url }) => !url.startsWith('data:'));
}

/**
 * What the main image looks like drawn: the source the browser chose, the width it is drawn at (object-fit: cover
 * draws it at least as wide as its box, wider when the box is taller than the image's shape), and the srcset entry
 * that fits it: the narrowest covering that width at the screen's density.
 */
const asDrawn = (image: HTMLImageElement) => {
  const box = image.getBoundingClientRect();
  const width = Math.max(box.width, box.height * (image.naturalWidth / image.naturalHeight));
  // A <picture>'s source for this screen, when there is one.
  const source = [...(image.parentElement?.querySelectorAll('source') ?? [])].find((candidate) => matchMedia(candidate.media).matches);
  const entries = (source?.srcset ?? image.srcset).split(', ').map((entry) => {
    const [url, descriptor] = entry.split(' ');
    return { url: new URL(url!, location.href).href, width: Number.parseInt(descriptor!, 10) };
  });
  const fitting = entries.filter((entry) => entry.width >= width * devicePixelRatio).sort((a, b) => a.width - b.width)[0];
  return { src: image.currentSrc, width, fitting: fitting?.url };
};

test.describe('at 390 px, the main image', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  const mainImages = [
    { path: '/', selector: 'main section[aria-labelledby="hero-title"] img' },
    { path: `/series/${lockedSeriesId}`, selector: 'main header img[alt$=" cover"]' },
  ];

  for (const { path, selector } of mainImages) {
    test(`${path}: is the first request after the document, at high priority, at the width it is drawn`, async ({ page }) => {
      const [document, first] = await requestsInOrder(page, path);
      expect(document?.type).toBe('Document');
      const image = await page.locator(selector).evaluate(asDrawn);
      // Before any stylesheet, script or font: the preload in the head names it, and nothing is asked for ahead of it.
      expect(first, 'the first request after the document').toEqual({ url: image.src, type: 'Image', priority: 'High' });
      // Encoded for the phone: the optimizer's AVIF or WebP, the narrowest size that covers the drawn width.
      expect(new URL(image.src).pathname).toBe('/_next/image');
      expect(image.src, `drawn ${image.width.toFixed(0)} px wide`).toBe(image.fitting);
      const response = await page.request.get(image.src, { headers: { accept: 'image/avif,image/webp,*/*' } });
      expect(response.headers()['content-type']).toMatch(/^image\/(avif|webp)$/);
    });
  }
});
